/**
 * Where `solarkit serve` writes: the JSON request log (pino, one object a line) to stderr or to
 * a file, so that stdout keeps only the lines a person reads (where it listens, the key, the
 * documentation).
 */
import { closeSync, createWriteStream, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError } from './errors.js';

/** A log destination: the stream the server's logger writes to, and how to name it to a person. */
export interface LogDestination {
  stream: NodeJS.WritableStream;
  description: string;
  close(): Promise<void>;
}

/**
 * The request log's destination: a file (appended to, created if absent, readable by its owner
 * only: it holds client addresses and URLs) or stderr.
 *
 * @throws CliError naming the file when it cannot be opened for appending
 */
export function logDestination(file: string | undefined): LogDestination {
  if (file === undefined || file === '') {
    return { stream: process.stderr, description: 'stderr', close: async () => {} };
  }
  const path = resolve(file);
  try {
    // Fail here, with the path, rather than in the logger's first write.
    closeSync(openSync(path, 'a', 0o600));
  } catch (e) {
    throw new CliError(
      `cannot write the log file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const stream = createWriteStream(path, { flags: 'a', mode: 0o600 });
  return {
    stream,
    description: path,
    close: () =>
      new Promise((done) => {
        stream.end(() => done());
      }),
  };
}
