/** How a command fails: the one-line message and the exit code (1 a failure, 2 a usage error). */

/** A failure of a command: printed as `error: <message>`, exit code 1 unless given. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A command line that cannot be run as given (exit code 2); the hint names the command's --help. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}
