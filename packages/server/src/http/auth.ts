/**
 * Authentication of requests (spec part 5, contract.md section 6): the request hook accepts the
 * key as `Authorization: Bearer <key>`, as the `api_key` query parameter, and as HTTP Basic with
 * the key as user name and an empty password, and puts the key's account on `request.account`;
 * routes call `requirePlan`. Accounts and keys themselves are stored by storage/accounts.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AccountRow, type PlanFamily, accountByKey, accountsGeneration, isWellFormedKey } from '../storage/accounts.js';
import type { Database } from '../storage/database.js';
import { forbidden, unauthorized } from './errors.js';

/** The authenticated caller, as routes see it: its account and the key it used. */
export interface Account extends Omit<AccountRow, 'createdAt'> {
  /** Id of the key this request was made with. */
  keyId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
  }
}

/** How long a key lookup is reused: a revocation from another process (the CLI) applies within it. */
export const AUTH_CACHE_MS = 1000;

/** Extracts the key of a request from the Bearer header, Basic header or api_key query value. */
export function keyFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const [scheme, ...rest] = header.trim().split(/\s+/);
    const value = rest.join(' ');
    if (scheme?.toLowerCase() === 'bearer') return value;
    if (scheme?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      return colon >= 0 ? decoded.slice(0, colon) : decoded;
    }
    return '';
  }
  const q = request.query as Record<string, unknown> | undefined;
  if (q) {
    for (const k of Object.keys(q)) {
      const n = k.toLowerCase().replace(/_/g, '');
      if (n === 'apikey') {
        const v = q[k];
        return Array.isArray(v) ? String(v[0] ?? '') : String(v ?? '');
      }
    }
  }
  return undefined;
}

/** Paths every caller may read without a key. */
const PUBLIC_PATHS = new Set(['/health', '/openapi.json', '/docs', '/docs/']);

/**
 * Registers the authentication hook: every route except the public ones needs a valid,
 * unrevoked key; the account is then on `request.account`. A lookup is reused for at most
 * AUTH_CACHE_MS (and not at all after a change made in this process), so a revocation by the
 * command line takes effect within a second.
 */
export function registerAuth(app: FastifyInstance, db: Database): void {
  const lookup = accountByKey(db);
  const cache = new Map<string, { account: Account | null; until: number }>();
  let cacheGeneration = accountsGeneration();
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?', 1)[0]!;
    if (PUBLIC_PATHS.has(path) || request.method === 'OPTIONS') return;
    // Unknown paths and methods get their 404/405 whoever asks.
    if (request.routeOptions.url === undefined) return;
    const key = keyFromRequest(request);
    if (key === undefined || key === '') throw unauthorized('An API key is required: send Authorization: Bearer <key>.');
    if (!isWellFormedKey(key)) throw unauthorized('The API key is malformed.');
    const nowMs = Date.now();
    if (cacheGeneration !== accountsGeneration()) {
      cache.clear();
      cacheGeneration = accountsGeneration();
    }
    let hit = cache.get(key);
    if (hit === undefined || hit.until < nowMs) {
      const row = lookup(key);
      let account: Account | null = null;
      if (row) {
        account = {
          id: row.id, name: row.name, plans: row.plans, admin: row.admin, formatVersion: row.formatVersion,
          quota: row.quota, keyId: row.keyId,
        };
      }
      hit = { account, until: nowMs + AUTH_CACHE_MS };
      if (cache.size > 10_000) cache.clear();
      cache.set(key, hit);
    }
    if (!hit.account) throw unauthorized('The API key is not valid or has been revoked.');
    request.account = hit.account;
  });
}
/** Throws 403 unless the caller's plan includes the family. */
export function requirePlan(request: FastifyRequest, family: PlanFamily): Account {
  const account = request.account;
  if (!account) throw unauthorized();
  if (!account.plans.includes(family)) {
    throw forbidden(`Your plan does not include the '${family}' endpoints.`);
  }
  return account;
}
