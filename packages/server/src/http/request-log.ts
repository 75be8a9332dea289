/**
 * The request log: one JSON line per answered request (method, URL with the key redacted, client
 * address, user agent, status, response time), with every string a client chose cut to a bounded
 * length (a refused request's URL shorter), and the lines of refused requests (no key, a bad key, an unknown path, a refused plan or
 * rate) limited per client address: at most `noiseLinesPerSecond` a second, then one line saying
 * how many were suppressed. A client flooding the server with 16 kB URLs and no key cannot fill
 * the disk, and every request that was really served is logged in full.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrl } from './auth.js';

/** Longest logged URL, characters; beyond it the URL is cut and marked. */
export const LOGGED_URL_CHARS = 1024;
/** Longest logged URL of a refused request (see `noiseLinesPerSecond`): the path and the start of the query suffice. */
export const LOGGED_REFUSED_URL_CHARS = 256;
/** Marks a request whose line is of a refused request (its URL is cut shorter). */
const REFUSED = Symbol('refused request');
/** Longest logged user agent (and any other header value), characters. */
export const LOGGED_HEADER_CHARS = 256;
/** Longest logged error message, characters (a message may quote what a client sent). */
export const LOGGED_MESSAGE_CHARS = 2048;
/** Default of `noiseLinesPerSecond`: lines of refused requests logged per client address per second. */
export const NOISE_LINES_PER_SECOND = 10;
/** Client addresses followed at a time; beyond them, refused requests share one allowance. */
const MAX_TRACKED_CLIENTS = 10_000;

/** Options of the request log (ServerOptions.requestLog). */
export interface RequestLogOptions {
  /**
   * Lines of refused requests (401, 403, 404, 405, 429, or any error without a valid key) logged
   * per client address per second (default 10); the rest are counted and summarised in one line.
   */
  noiseLinesPerSecond?: number;
  /** The time of the rate of those lines, ms (default Date.now); tests pass a fixed one. */
  nowMs?: () => number;
}

/**
 * `value` cut to at most `max` characters (plus the marker): the cut ends with
 * `...[truncated N chars]`, N the number of characters left out.
 *
 * @example truncateForLog('abcdef', 3) // 'abc...[truncated 3 chars]'
 */
export function truncateForLog(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}...[truncated ${value.length - max} chars]`;
}

/** The request as logged: the URL redacted (before the cut, so no part of a key is kept) and cut. */
export function logRequest(req: FastifyRequest): Record<string, unknown> {
  const agent = req.headers['user-agent'];
  return {
    method: truncateForLog(req.method, 16),
    url: truncateForLog(
      redactUrl(req.url),
      (req as { [REFUSED]?: boolean })[REFUSED] === true ? LOGGED_REFUSED_URL_CHARS : LOGGED_URL_CHARS,
    ),
    remoteAddress: req.ip,
    ...(typeof agent === 'string' ? { userAgent: truncateForLog(agent, LOGGED_HEADER_CHARS) } : {}),
  };
}

/** An error as logged: its type, code, message and stack, the message and stack cut. */
export function logError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error))
    return { type: typeof err, message: truncateForLog(String(err), LOGGED_MESSAGE_CHARS), stack: '' };
  const code = (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: truncateForLog(err.message, LOGGED_MESSAGE_CHARS),
    stack: truncateForLog(err.stack ?? '', 4 * LOGGED_MESSAGE_CHARS),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** Statuses of requests refused before any work: their lines are rate-limited per client. */
const NOISE_STATUSES = new Set([401, 403, 404, 405, 429]);

/** Whether a request's log line is noise: refused as above, or any error answer to a caller without a valid key. */
function isNoise(request: FastifyRequest, status: number): boolean {
  return NOISE_STATUSES.has(status) || (status >= 400 && status < 500 && request.account === undefined);
}

interface Allowance {
  /** Start of the current one-second window, ms. */
  since: number;
  logged: number;
  suppressed: number;
}

/**
 * Registers the request log on a server whose logger is on (fastify's own request logging
 * disabled): the completion line of every request, refused ones rate-limited per client address.
 */
export function registerRequestLog(app: FastifyInstance, options: RequestLogOptions = {}): void {
  const perSecond = Math.max(0, Math.floor(options.noiseLinesPerSecond ?? NOISE_LINES_PER_SECOND));
  const now = options.nowMs ?? Date.now;
  const clients = new Map<string, Allowance>();

  const summarise = (address: string, a: Allowance): void => {
    if (a.suppressed === 0) return;
    app.log.info(
      { remoteAddress: address, suppressed: a.suppressed, seconds: Math.max(1, Math.ceil((now() - a.since) / 1000)) },
      `suppressed ${a.suppressed} similar lines (requests refused without work, from this address)`,
    );
    a.suppressed = 0;
  };
  /** Whether this client's refused request may be logged now. */
  const admit = (address: string): boolean => {
    const t = now();
    const key = clients.has(address) || clients.size < MAX_TRACKED_CLIENTS ? address : '*';
    let a = clients.get(key);
    if (a === undefined) {
      a = { since: t, logged: 0, suppressed: 0 };
      clients.set(key, a);
    } else if (t - a.since >= 1000) {
      summarise(key, a);
      a.since = t;
      a.logged = 0;
    }
    if (a.logged < perSecond) {
      a.logged++;
      return true;
    }
    a.suppressed++;
    return false;
  };
  // Summaries of clients that went quiet, and forgetting them.
  const sweep = (all: boolean): void => {
    const t = now();
    for (const [address, a] of clients) {
      if (all || t - a.since >= 1000) {
        summarise(address, a);
        clients.delete(address);
      }
    }
  };
  const timer = setInterval(() => sweep(false), 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    sweep(true);
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const status = reply.statusCode;
    if (isNoise(request, status)) {
      if (!admit(request.ip)) return;
      (request as { [REFUSED]?: boolean })[REFUSED] = true;
    }
    // `req` through the logger's serializer (logRequest), `res` through fastify's (its status).
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (status >= 500) request.log.error(line, 'request completed');
    else request.log.info(line, 'request completed');
  });
}
