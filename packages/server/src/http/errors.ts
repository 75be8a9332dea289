/**
 * Errors of the API (contract.md section 5): every error body is
 * `{"response_status": {error_code, message, stack_trace: "", errors: [...], meta: {}}}`.
 * Routes throw an `ApiError`; `errorHandler` turns it, and fastify's own errors (bad JSON body,
 * body too large, wrong content type, unknown route), into that body.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import { MissingDataError } from 'solarkit/node';
import type { FieldError } from '../products/params.js';

export type { FieldError } from '../products/params.js';

/** An error with an HTTP status and the `response_status` fields of its body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** Extra headers to send with the error (e.g. `allow` on 405). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 400: `message` is the first field error's message; `errors` lists all of them. */
export function badRequest(fieldErrors: FieldError[]): ApiError {
  const message = fieldErrors[0]?.message ?? 'The request is not valid.';
  return new ApiError(400, 'BadRequest', message, fieldErrors);
}

/** A field error, with meta defaulting to {}. */
export function fieldError(
  errorCode: string,
  fieldName: string,
  message: string,
  meta: Record<string, unknown> = {},
): FieldError {
  return { error_code: errorCode, field_name: fieldName, message, meta };
}

export function unauthorized(message = 'Unauthorized'): ApiError {
  return new ApiError(401, 'Unauthorized', message);
}

export function forbidden(message = 'Forbidden'): ApiError {
  return new ApiError(403, 'Forbidden', message);
}

export function notFound(message = 'Not Found'): ApiError {
  return new ApiError(404, 'NotFound', message);
}

export function tooManyRequests(message: string): ApiError {
  return new ApiError(429, 'TooManyRequests', message);
}

/**
 * 503: the server cannot answer this request now, through no fault of the request (a data file
 * it needs is missing from the data directory). The message says what is missing.
 */
export function serviceUnavailable(message: string): ApiError {
  return new ApiError(503, 'ServiceUnavailable', message);
}

/** The JSON error body of contract section 5. */
export function errorBody(errorCode: string, message: string, errors: FieldError[] = []): object {
  return { response_status: { error_code: errorCode, message, stack_trace: '', errors, meta: {} } };
}

/**
 * The 503's message for a missing data file: the data set it needs, named by its path relative to
 * the data directory; never the server's own directories (those go to the log only).
 */
export function missingDataMessage(error: MissingDataError): string {
  return `This request needs the data file '${error.file}', which this server does not have; its operator can install it in the solarkit data directory.`;
}

/** fastify's own error codes mapped to the API's statuses and codes. */
function fromFastifyError(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'PayloadTooLarge', 'The request body is larger than the limit.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(
        415,
        'UnsupportedMediaType',
        'The request body must be JSON (Content-Type: application/json).',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest([fieldError('NotEmpty', 'body', 'The JSON body must not be empty.')]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest([fieldError('InvalidJson', 'body', 'The request body is not valid JSON.')]);
    default:
      break;
  }
  // JSON.parse errors from the content-type parser carry statusCode 400. A SyntaxError without it
  // comes from the server's own code (a stored file it could not parse, say): a 500, not the body's fault.
  if (error.statusCode === 400) {
    return badRequest([fieldError('InvalidJson', 'body', 'The request body is not valid JSON.')]);
  }
  if (error.statusCode === 413)
    return new ApiError(413, 'PayloadTooLarge', 'The request body is larger than the limit.');
  if (error.statusCode === 415) return new ApiError(415, 'UnsupportedMediaType', 'The request body must be JSON.');
  return undefined;
}

/**
 * The fastify error handler: ApiError as it is, fastify's client errors mapped, anything else
 * a 500 whose details go to the log only (never to the client). A data file missing from the
 * data directory is a 503 naming it, logged once per request as a warning.
 */
export function errorHandler(
  error: FastifyError | ApiError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const api =
    error instanceof ApiError
      ? error
      : error instanceof MissingDataError
        ? serviceUnavailable(missingDataMessage(error))
        : fromFastifyError(error as FastifyError);
  if (api) {
    if (error instanceof MissingDataError)
      request.log.warn({ file: error.file, searched: error.searched }, 'data file missing');
    for (const [k, v] of Object.entries(api.headers)) reply.header(k, v);
    void reply
      .status(api.status)
      .type('application/json; charset=utf-8')
      .send(errorBody(api.errorCode, api.message, api.fieldErrors));
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply
    .status(500)
    .type('application/json; charset=utf-8')
    .send(errorBody('InternalServerError', 'An internal error occurred.'));
}

/** The status, code and message of an error Node's HTTP parser met before there was a request. */
function clientErrorAnswer(code: string | undefined): { status: number; errorCode: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        errorCode: 'RequestHeaderFieldsTooLarge',
        message: 'The request line and headers are larger than the limit (16 kB); send a shorter URL or fewer headers.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, errorCode: 'RequestTimeout', message: 'The request did not arrive in time.' };
    default:
      return { status: 400, errorCode: 'BadRequest', message: 'The request is not valid HTTP/1.1.' };
  }
}

/**
 * The server's answer to a request Node's HTTP parser refused (fastify's `clientErrorHandler`, the
 * server's 'clientError' event): headers too large (431), a request that did not arrive in time
 * (408) or malformed HTTP (400), in the API's JSON error body like every other error, written raw
 * to the socket (there is no request to reply to), which is then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, errorCode, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify(errorBody(errorCode, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** No route for the path with any method: 404 NotFound (app.ts answers 405 for a known path's other methods). */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .status(404)
    .type('application/json; charset=utf-8')
    .send(errorBody('NotFound', `No route for ${request.method} ${request.url.split('?')[0]}.`));
}
