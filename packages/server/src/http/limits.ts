/**
 * Per-key rate limit and per-account daily quota (contract.md sections 5 and 6), both counted in
 * the database (storage/types.ts `LimitStore`), so that every server process on one database
 * shares them.
 *
 * Rate limit: a window per key (default 600 requests per 60 s of wall-clock time) that starts at
 * the key's first request after the previous window ran out; every authenticated response carries
 * `x-rate-limit`, `x-rate-limit-remaining` and `x-rate-limit-reset` (Unix seconds at which the
 * window restarts); over the limit -> 429 with `retry-after`.
 *
 * Quota: each data request (paths under /data/) is one transaction of the account's UTC day by the
 * server's clock, except requests for the unmetered test places. Whether a request is for one is
 * decided by the data handler after it has read the request (its coordinates, or the stored site
 * of its resource_id on the site endpoints), never from the presence of a parameter. The handler
 * then reserves the transaction before any work starts, in one atomic statement; when the quota is
 * spent -> 429. A reserved transaction is given back when the request fails (a status of 400 or
 * more, or a streamed body that broke off through the server's fault): only a request that got its
 * data counts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from 'solarkit/internal';
import { utcDay } from '../storage/limits.js';
import { UNMETERED_LOCATIONS } from '../storage/test-sites.js';
import type { LimitStore } from '../storage/types.js';
import { tooManyRequests } from './errors.js';

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const UNMETERED_KEYS = new Set(UNMETERED_LOCATIONS.map((l) => `${round4(l.latitude)},${round4(l.longitude)}`));

/**
 * True when (latitude, longitude), degrees, is one of the unmetered test locations to four decimal
 * places (contract section 6).
 *
 * @example isUnmeteredLocation(-33.85678, 151.21532) // true (Sydney Opera House)
 */
export function isUnmeteredLocation(latitude: number, longitude: number): boolean {
  return UNMETERED_KEYS.has(`${round4(latitude)},${round4(longitude)}`);
}

export interface LimitOptions {
  /** Requests per window per key (default 600). */
  rateLimit?: number;
  /** Window length, seconds (default 60). */
  rateWindowSeconds?: number;
}

/** What the quota decided for a request: unmetered, or one transaction reserved on a day. */
type QuotaDecision = { unmetered: true } | { unmetered: false; accountId: number; day: string; refunded: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `Quota.charge`: the request's transaction (or that it needs none). */
    quota?: QuotaDecision;
  }
}

/**
 * The daily quota of data requests: data handlers call `charge` once they know what the request
 * is for, before they compute; the hooks of `registerLimits` give the transaction back when the
 * request fails.
 */
export class Quota {
  constructor(
    private readonly limits: LimitStore,
    private readonly clock: Clock,
  ) {}

  /** The server's "now", Unix seconds: the quota's day is the UTC day it falls in. */
  now(): number {
    return this.clock.now();
  }

  /**
   * Reserves the request's transaction, or records that it needs none (`unmetered`). Idempotent:
   * a second call for the same request does nothing.
   * @throws ApiError 429 when the account's quota of the day is spent
   */
  async charge(request: FastifyRequest, unmetered: boolean): Promise<void> {
    if (request.quota !== undefined) return;
    const account = request.account;
    if (unmetered || account === undefined) {
      request.quota = { unmetered: true };
      return;
    }
    const day = utcDay(this.clock.now());
    const count = await this.limits.reserveTransaction(account.id, day, account.quota);
    if (count === undefined) {
      throw tooManyRequests(`Daily transaction quota of ${account.quota} exceeded; it resets at 00:00 UTC.`);
    }
    request.quota = { unmetered: false, accountId: account.id, day, refunded: false };
  }

  /** Gives the request's reserved transaction back (once), e.g. when its streamed body broke off. */
  async refund(request: FastifyRequest): Promise<void> {
    const q = request.quota;
    if (q === undefined || q.unmetered || q.refunded) return;
    q.refunded = true;
    await this.limits.refundTransaction(q.accountId, q.day);
  }
}

/**
 * Registers the rate limit and the quota's hooks. They run after authentication (the auth hook is
 * an onRequest hook registered first), so `request.account` is set for every non-public route.
 */
export function registerLimits(
  app: FastifyInstance,
  limits: LimitStore,
  quota: Quota,
  options: LimitOptions = {},
): void {
  const limit = options.rateLimit ?? 600;
  const windowMs = (options.rateWindowSeconds ?? 60) * 1000;

  app.addHook('onRequest', async (request, reply) => {
    const account = request.account;
    if (!account) return;
    const nowMs = Date.now();
    const w = await limits.countRequest(account.keyId, nowMs, windowMs);
    reply.header('x-rate-limit', String(limit));
    reply.header('x-rate-limit-remaining', String(Math.max(0, limit - w.count)));
    reply.header('x-rate-limit-reset', String(Math.ceil((w.start + windowMs) / 1000)));
    if (w.count > limit) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((w.start + windowMs - nowMs) / 1000))));
      throw tooManyRequests(`Rate limit exceeded: at most ${limit} requests per ${windowMs / 1000} s per key.`);
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400) {
      await quota.refund(request);
      return;
    }
    // Every data route charges before it computes; one that did not is a defect of this server,
    // but its answer still counts rather than being free.
    if (request.quota === undefined && request.account !== undefined && request.url.startsWith('/data/')) {
      request.log.error({ route: request.routeOptions.url }, 'data route answered without charging the quota');
      await limits.reserveTransaction(request.account.id, utcDay(quota.now()), Number.MAX_SAFE_INTEGER);
    }
  });
}
