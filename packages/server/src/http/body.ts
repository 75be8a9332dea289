/**
 * Rules of request bodies (contract section 5): a body must arrive within a time limit (a client
 * that trickles one in is answered 408 and dropped, so that it cannot hold a connection and its
 * buffers open), and a JSON body must be valid UTF-8 (bytes that are not would otherwise be stored
 * as U+FFFD replacement characters, silently changing what the client sent).
 */
import { isUtf8 } from 'node:buffer';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, badRequest, fieldError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The timer of the body limit, cleared once the body has arrived. */
    bodyTimer?: NodeJS.Timeout;
  }
}

/** Whether a request announces a body (a length above 0, or chunked transfer). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Registers the body time limit and the UTF-8 JSON parser. */
export function registerBodyRules(app: FastifyInstance, options: { timeoutMs: number }): void {
  const ms = options.timeoutMs;
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request)) return payload;
    // The body is read through a pass-through that the limit can fail on its own: failing the
    // request stream itself would drop the connection without an answer.
    const body = Object.assign(new PassThrough(), { receivedEncodedLength: 0 });
    payload.on('data', (chunk: Buffer) => {
      body.receivedEncodedLength += chunk.length;
    });
    payload.pipe(body);
    payload.once('error', (error) => body.destroy(error));
    request.bodyTimer = setTimeout(() => {
      payload.unpipe(body);
      // The rest of the body will never be read: the connection cannot serve another request.
      reply.header('connection', 'close');
      body.destroy(new ApiError(408, 'RequestTimeout', `The request body did not arrive within ${ms / 1000} s.`));
    }, ms);
    payload.once('end', () => clearTimeout(request.bodyTimer));
    return body;
  });
  app.addHook('preValidation', async (request) => {
    clearTimeout(request.bodyTimer);
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(request.bodyTimer);
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(badRequest([fieldError('InvalidUtf8', 'body', 'The request body is not valid UTF-8.')]), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
}
