/**
 * Errors across the compute pool: a worker thread's error reaches the main thread through the
 * structured clone, which keeps an Error's message and stack but not its class (beyond the
 * standard ones) nor its own fields, so a missing data file (503) arrived as a plain Error (500).
 * The worker throws the plain description `toWorkerError` makes; the pool rebuilds the error of
 * the same kind with `fromWorkerError`.
 */
import { MissingDataError } from 'solarkit/node';
import { ApiError, type FieldError } from '../http/errors.js';

/** An error as it crosses from a worker to the main thread: plain data only. */
export interface WorkerError {
  /** Marks the description (a worker's task never returns an object with it). */
  solarkitWorkerError: true;
  /** The class: MissingDataError, ApiError, TypeError, RangeError, or another error's name. */
  name: string;
  message: string;
  stack?: string;
  /** MissingDataError: the file (relative to the data directory) and the directories searched. */
  file?: string;
  searched?: string[];
  /** ApiError: its status, code, field errors and headers. */
  status?: number;
  errorCode?: string;
  fieldErrors?: FieldError[];
  headers?: Record<string, string>;
}

/** The plain description of an error thrown in a worker. */
export function toWorkerError(e: unknown): WorkerError {
  if (!(e instanceof Error)) return { solarkitWorkerError: true, name: 'Error', message: String(e) };
  const base = {
    solarkitWorkerError: true as const,
    name: e.name,
    message: e.message,
    ...(e.stack !== undefined ? { stack: e.stack } : {}),
  };
  if (e instanceof MissingDataError) return { ...base, file: e.file, searched: [...e.searched] };
  if (e instanceof ApiError)
    return {
      ...base,
      status: e.status,
      errorCode: e.errorCode,
      fieldErrors: e.fieldErrors,
      headers: e.headers,
    };
  return base;
}

function isWorkerError(e: unknown): e is WorkerError {
  return typeof e === 'object' && e !== null && (e as WorkerError).solarkitWorkerError === true;
}

/** The error of the same kind as the one a worker described (anything else is returned as it is). */
export function fromWorkerError(e: unknown): unknown {
  if (!isWorkerError(e)) return e;
  let error: Error;
  if (e.name === 'MissingDataError' && e.file !== undefined) error = new MissingDataError(e.file, e.searched ?? []);
  else if (e.name === 'ApiError' && e.status !== undefined && e.errorCode !== undefined)
    error = new ApiError(e.status, e.errorCode, e.message, e.fieldErrors ?? [], e.headers ?? {});
  else if (e.name === 'TypeError') error = new TypeError(e.message);
  else if (e.name === 'RangeError') error = new RangeError(e.message);
  else {
    error = new Error(e.message);
    error.name = e.name;
  }
  if (e.stack !== undefined) error.stack = e.stack;
  return error;
}
