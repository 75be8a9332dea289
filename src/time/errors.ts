/**
 * A date, time, duration, interval or zone that cannot be read; the message says what is wrong.
 * A RangeError, as every error of a value outside what a function accepts.
 */
export class TimeParseError extends RangeError {
  /**
   * The error for a text that cannot be read.
   * @param message what could not be parsed, and why
   */
  constructor(message: string) {
    super(message);
    this.name = 'TimeParseError';
  }
}
