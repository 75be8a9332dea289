/** A date, time, duration, interval or zone that cannot be read; the message says what is wrong. */
export class TimeParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeParseError';
  }
}
