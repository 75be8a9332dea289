/**
 * Authentication of requests (spec part 5, contract.md section 6): the request hook accepts the
 * key as `Authorization: Bearer <key>`, as the `api_key` query parameter, and as HTTP Basic with
 * the key as user name and an empty password, and puts the key's account on `request.account`;
 * routes call `requirePlan`. Accounts and keys themselves are stored by storage/accounts.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AccountRow,
  type AccountStore,
  type PlanFamily,
  accountsGeneration,
  isWellFormedKey,
} from '../storage/accounts.js';
import { forbidden, unauthorized } from './errors.js';
import { normalizeName, parseQueryString, queryStart } from './params.js';

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

/**
 * How long a key lookup is reused: a revocation from another process (the CLI, or another node on
 * a shared database) applies within it.
 */
export const AUTH_CACHE_MS = 1000;

/**
 * Whether a (decoded) query parameter name is the key's: names match as every parameter name does
 * (http/params `normalizeName`: case and `_`, `.`, `-` ignored), so `api_key`, `apiKey`,
 * `a_p_i_key` and `API-KEY` are all the key. Authentication and the redaction of logged URLs both
 * ask this.
 *
 * @example isApiKeyName('_api_key_') // true
 */
export function isApiKeyName(name: string): boolean {
  return normalizeName(name) === 'apikey';
}

/**
 * Removes every value of the key from a request target before it is logged: each `&`-separated
 * pair of the query string is read by the server's own query parser, so any spelling that
 * authentication accepts (`a_p_i_key`, `api%5Fkey`, `%61pi_key`, ...) is found.
 *
 * @example redactUrl('/data/x?%61pi_key=secret&a=1') // '/data/x?%61pi_key=[redacted]&a=1'
 */
export function redactUrl(url: string): string {
  const start = queryStart(url);
  if (start === -1) return url;
  const pairs = url.slice(start + 1).split('&');
  let changed = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i]!;
    if (Object.keys(parseQueryString(pair)).some(isApiKeyName)) {
      const eq = pair.indexOf('=');
      pairs[i] = `${eq === -1 ? pair : pair.slice(0, eq)}=[redacted]`;
      changed = true;
    }
  }
  return changed ? `${url.slice(0, start + 1)}${pairs.join('&')}` : url;
}

/**
 * Extracts the key of a request from the Bearer header, Basic header (the key as the user name and
 * an empty password, contract section 1) or the api_key query value. A header of another scheme,
 * or Basic with a password, gives '' (no valid key).
 */
export function keyFromRequest(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.trim() !== '') {
    const [scheme, ...rest] = header.trim().split(/\s+/);
    const value = rest.join(' ');
    if (scheme?.toLowerCase() === 'bearer') return value;
    if (scheme?.toLowerCase() === 'basic') {
      const { user, password } = basicCredentials(value);
      return password === '' ? user : '';
    }
    return '';
  }
  const q = request.query as Record<string, unknown> | undefined;
  if (q) {
    for (const k of Object.keys(q)) {
      if (isApiKeyName(k)) {
        const v = q[k];
        return Array.isArray(v) ? String(v[0] ?? '') : String(v ?? '');
      }
    }
  }
  return undefined;
}

/** Routes every caller may read without a key (by route, so `/health/` is as public as `/health`). */
const PUBLIC_ROUTES = new Set(['/health', '/openapi.json', '/docs', '/docs/']);

/**
 * Registers the authentication hook: every route except the public ones needs a valid,
 * unrevoked key; the account is then on `request.account`. A lookup is reused for at most
 * AUTH_CACHE_MS (and not at all after a change made in this process), so a revocation by the
 * command line takes effect within a second.
 */
export function registerAuth(app: FastifyInstance, accounts: AccountStore): void {
  const cache = new Map<string, { account: Account | null; until: number }>();
  let cacheGeneration = accountsGeneration();
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unknown paths and methods get their 404/405 whoever asks.
    if (route === undefined || PUBLIC_ROUTES.has(route) || request.method === 'OPTIONS') return;
    const key = keyFromRequest(request);
    if (key === '' && isBasicWithPassword(request)) {
      throw unauthorized('HTTP Basic authentication takes the API key as the user name and an empty password.');
    }
    if (key === undefined || key === '')
      throw unauthorized('An API key is required: send Authorization: Bearer <key>.');
    if (!isWellFormedKey(key)) throw unauthorized('The API key is malformed.');
    const nowMs = Date.now();
    if (cacheGeneration !== accountsGeneration()) {
      cache.clear();
      cacheGeneration = accountsGeneration();
    }
    let hit = cache.get(key);
    if (hit === undefined || hit.until < nowMs) {
      const row = await accounts.accountByKey(key);
      let account: Account | null = null;
      if (row) {
        account = {
          id: row.id,
          name: row.name,
          plans: row.plans,
          admin: row.admin,
          formatVersion: row.formatVersion,
          quota: row.quota,
          keyId: row.keyId,
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
/** The user name and password of HTTP Basic credentials (base64 of `user:password`). */
function basicCredentials(encoded: string): { user: string; password: string } {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0
    ? { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
    : { user: decoded, password: '' };
}

/** Whether the request sends HTTP Basic credentials with a non-empty password. */
function isBasicWithPassword(request: FastifyRequest): boolean {
  const [scheme, value = ''] = (request.headers.authorization ?? '').trim().split(/\s+/);
  return scheme?.toLowerCase() === 'basic' && basicCredentials(value).password !== '';
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
