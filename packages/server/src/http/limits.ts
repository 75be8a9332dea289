/**
 * Per-key rate limit and per-account daily quota (contract.md sections 5 and 6).
 *
 * Rate limit: a fixed window per key (default 600 requests per 60 s of wall-clock time); every
 * authenticated response carries `x-rate-limit`, `x-rate-limit-remaining` and
 * `x-rate-limit-reset` (Unix seconds at which the window restarts); over the limit -> 429.
 *
 * Quota: each successful data request (paths under /data/) is one transaction of the account's
 * UTC day by the server's clock, except requests for the unmetered test locations (coordinates
 * equal to four decimal places, or their resource ids). A request when the day's count has
 * reached the quota -> 429.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from 'solarkit';
import { UNMETERED_LOCATIONS } from '../storage/test-sites.js';
import type { Database } from '../storage/database.js';
import { tooManyRequests } from './errors.js';
import { normalizeQuery } from './params.js';

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;
const UNMETERED_KEYS = new Set(UNMETERED_LOCATIONS.map((l) => `${round4(l.latitude)},${round4(l.longitude)}`));
const UNMETERED_IDS = new Set(UNMETERED_LOCATIONS.map((l) => l.resourceId));

/** True when (latitude, longitude) is one of the unmetered locations to four decimal places. */
export function isUnmeteredLocation(latitude: number, longitude: number): boolean {
  return UNMETERED_KEYS.has(`${round4(latitude)},${round4(longitude)}`);
}

/** True when a data request's query names an unmetered location or test site. */
export function isUnmeteredQuery(query: unknown): boolean {
  const q = normalizeQuery(query as Record<string, unknown>);
  const rid = q.get('resourceid')?.[0];
  if (rid !== undefined) return UNMETERED_IDS.has(rid.trim());
  const lat = Number(q.get('latitude')?.[0]);
  const lon = Number(q.get('longitude')?.[0]);
  return Number.isFinite(lat) && Number.isFinite(lon) && isUnmeteredLocation(lat, lon);
}

export interface LimitOptions {
  /** Requests per window per key (default 600). */
  rateLimit?: number;
  /** Window length, seconds (default 60). */
  rateWindowSeconds?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    metered?: boolean;
  }
}

/** UTC date (YYYY-MM-DD) of a Unix time. */
function utcDay(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 10);
}

/** Transactions an account has used on the UTC day of `now`. */
export function usageOn(db: Database, accountId: number, now: number): number {
  const r = db.prepare('SELECT count FROM usage WHERE account_id = ? AND day = ?').get(accountId, utcDay(now)) as { count: number } | undefined;
  return r?.count ?? 0;
}

/**
 * Registers the rate limit and quota hooks. They run after authentication (the auth hook is an
 * onRequest hook registered first), so `request.account` is set for every non-public route.
 */
export function registerLimits(app: FastifyInstance, db: Database, clock: Clock, options: LimitOptions = {}): void {
  const limit = options.rateLimit ?? 600;
  const windowMs = (options.rateWindowSeconds ?? 60) * 1000;
  const windows = new Map<number, { start: number; count: number }>();
  const unmeteredByQuery = new Map<string, boolean>();
  const getUsage = db.prepare('SELECT count FROM usage WHERE account_id = ? AND day = ?');
  const addUsage = db.prepare(`INSERT INTO usage (account_id, day, count) VALUES (?, ?, 1)
      ON CONFLICT(account_id, day) DO UPDATE SET count = count + 1`);

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const account = request.account;
    if (!account) return;
    const nowMs = Date.now();
    let w = windows.get(account.keyId);
    if (!w || nowMs - w.start >= windowMs) {
      w = { start: nowMs, count: 0 };
      windows.set(account.keyId, w);
      if (windows.size > 100_000) windows.clear();
    }
    w.count++;
    const remaining = Math.max(0, limit - w.count);
    reply.header('x-rate-limit', String(limit));
    reply.header('x-rate-limit-remaining', String(remaining));
    reply.header('x-rate-limit-reset', String(Math.ceil((w.start + windowMs) / 1000)));
    if (w.count > limit) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((w.start + windowMs - nowMs) / 1000))));
      throw tooManyRequests(`Rate limit exceeded: at most ${limit} requests per ${windowMs / 1000} s per key.`);
    }
    const path = request.url.split('?', 1)[0]!;
    if (!path.startsWith('/data/')) return;
    const q = request.url.slice(path.length);
    let unmetered = unmeteredByQuery.get(q);
    if (unmetered === undefined) {
      unmetered = isUnmeteredQuery(request.query);
      if (unmeteredByQuery.size > 10_000) unmeteredByQuery.clear();
      unmeteredByQuery.set(q, unmetered);
    }
    if (unmetered) return;
    const used = (getUsage.get(account.id, utcDay(clock.now())) as { count: number } | undefined)?.count ?? 0;
    if (used >= account.quota) {
      throw tooManyRequests(`Daily transaction quota of ${account.quota} exceeded; it resets at 00:00 UTC.`);
    }
    request.metered = true;
  });

  // Only a request that got its data counts as a transaction.
  app.addHook('onResponse', async (request, reply) => {
    if (request.metered && request.account && reply.statusCode === 200) {
      addUsage.run(request.account.id, utcDay(clock.now()));
    }
  });
}
