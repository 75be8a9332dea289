/** What the commands of the command line share: where they write, and how they show an instant. */

/** Where a command writes: stdout and stderr lines. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** The process's stdout and stderr. */
export const consoleIo: CliIo = {
  out: (l) => process.stdout.write(l + '\n'),
  err: (l) => process.stderr.write(l + '\n'),
};

/** An instant (Unix seconds) as ISO 8601 UTC to the second; '-' for none. */
export function iso(unixSeconds: number | null): string {
  return unixSeconds === null ? '-' : new Date(Math.floor(unixSeconds) * 1000).toISOString().replace('.000Z', 'Z');
}
