/**
 * `solarkit accounts create|list|delete` and `solarkit keys create|list|revoke`: the project's
 * stand-in for the account toolkit of the API (contract.md section 6).
 */
import type { FormatVersion } from '../formats/version.js';
import {
  type AccountRow, accountHoldings, createAccount, createKey, deleteAccount, getAccount, keysByReference, listAccounts,
  listKeys, parsePlans, revokeKeyById,
} from '../storage/accounts.js';
import type { Database } from '../storage/database.js';
import { openExistingDatabase, openOrCreateDatabase, using } from './database.js';
import { CliError, UsageError } from './errors.js';
import { type CliIo, iso } from './io.js';

export interface AccountCreateOptions {
  admin?: boolean;
  plan?: string;
  formatVersion?: string;
  quota?: number;
}

/** `accounts create <name>`: creates the database when there is none. */
export function accountsCreate(dbPath: string, name: string, o: AccountCreateOptions, io: CliIo): number {
  const fv = o.formatVersion;
  if (fv !== undefined && fv !== 'legacy' && fv !== '3') throw new UsageError(`--format-version must be 'legacy' or '3' (got '${fv}')`);
  let plans;
  try {
    plans = o.plan === undefined ? 'all' as const : parsePlans(o.plan);
  } catch (e) {
    throw new UsageError(`--plan: ${(e as Error).message}`);
  }
  const a = using(openOrCreateDatabase(dbPath, io), (db) => {
    if (getAccount(db, name)) throw new CliError(`account '${name}' already exists (see: solarkit accounts list)`);
    return createAccount(db, name, { admin: o.admin === true, plans, formatVersion: fv as FormatVersion | undefined, quota: o.quota });
  });
  io.out(`created account ${a.id} '${a.name}': plans=${a.plans.join(',')} admin=${a.admin} format_version=${a.formatVersion} quota=${a.quota}`);
  return 0;
}

/** `accounts list`. */
export function accountsList(dbPath: string, io: CliIo): number {
  const rows = using(openExistingDatabase(dbPath), listAccounts);
  io.out('id\tname\tadmin\tformat_version\tquota\tplans');
  for (const a of rows) io.out(`${a.id}\t${a.name}\t${a.admin}\t${a.formatVersion}\t${a.quota}\t${a.plans.join(',')}`);
  if (rows.length === 0) io.err(`no accounts in ${dbPath}`);
  return 0;
}

/** The account a command names: its name, or its id as `accounts list` shows it. */
function accountNamed(db: Database, reference: string): AccountRow {
  const a = getAccount(db, reference) ?? (/^\d+$/.test(reference) ? getAccount(db, Number(reference)) : undefined);
  if (!a) throw new CliError(`no account '${reference}' (see: solarkit accounts list)`);
  return a;
}

/** `accounts delete <account>`: with its keys; with its sites and measurements only when forced. */
export function accountsDelete(dbPath: string, reference: string, force: boolean, io: CliIo): number {
  return using(openExistingDatabase(dbPath), (db) => {
    const a = accountNamed(db, reference);
    const { keys, sites } = accountHoldings(db, a.id);
    if (sites > 0 && !force) {
      throw new CliError(`account '${a.name}' owns ${sites} site${sites === 1 ? '' : 's'} (with their measurements): add --force to delete them too`);
    }
    deleteAccount(db, a.id);
    io.out(`deleted account ${a.id} '${a.name}' with ${keys} key${keys === 1 ? '' : 's'}${sites > 0 ? ` and ${sites} site${sites === 1 ? '' : 's'}` : ''}`);
    return 0;
  });
}

/** `keys create <account>`: the key alone on stdout's last line (shown once). */
export function keysCreate(dbPath: string, reference: string, io: CliIo): number {
  const { key, name } = using(openExistingDatabase(dbPath), (db) => {
    const a = accountNamed(db, reference);
    return { key: createKey(db, a.id).key, name: a.name };
  });
  io.err(`new key for '${name}' (shown once; only its hash is stored):`);
  io.out(key);
  return 0;
}

/** `keys list`: id, account, the key's first 8 characters, created, revoked. */
export function keysList(dbPath: string, io: CliIo): number {
  const rows = using(openExistingDatabase(dbPath), listKeys);
  io.out('id\taccount\tkey_prefix\tcreated\trevoked');
  for (const k of rows) io.out(`${k.id}\t${k.accountName}\t${k.prefix}…\t${iso(k.createdAt)}\t${iso(k.revokedAt)}`);
  if (rows.length === 0) io.err(`no keys in ${dbPath}`);
  return 0;
}

/** `keys revoke <key|id|prefix>`: exactly one key must match. */
export function keysRevoke(dbPath: string, reference: string, io: CliIo): number {
  return using(openExistingDatabase(dbPath), (db) => {
    const matches = keysByReference(db, reference);
    if (matches.length === 0) throw new CliError(`no key matches '${reference}': give the key, its id or its prefix (see: solarkit keys list)`);
    if (matches.length > 1) {
      throw new CliError(`'${reference}' matches ${matches.length} keys (ids ${matches.map((k) => k.id).join(', ')}): give the id or more of the key`);
    }
    const k = matches[0]!;
    if (k.revokedAt !== null) throw new CliError(`key ${k.id} of '${k.accountName}' (${k.prefix}…) was already revoked at ${iso(k.revokedAt)}`);
    revokeKeyById(db, k.id);
    io.out(`revoked key ${k.id} of '${k.accountName}' (${k.prefix}…)`);
    return 0;
  });
}
