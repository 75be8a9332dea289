/**
 * `solarkit accounts create|list|delete` and `solarkit keys create|list|revoke`: the project's
 * stand-in for the account toolkit of the API (contract.md section 6). They go through the
 * database's AccountStore, so they work alike on a SQLite file and on a PostgreSQL database.
 */
import type { FormatVersion } from '../formats/version.js';
import { type AccountRow, type AccountStore, AccountNameTakenError, parsePlans } from '../storage/accounts.js';
import { displayLocation, openExistingStorage, openOrCreateStorage, using } from './database.js';
import { CliError, UsageError } from './errors.js';
import { type CliIo, iso } from './io.js';

export interface AccountCreateOptions {
  admin?: boolean;
  plan?: string;
  formatVersion?: string;
  quota?: number;
}

/** `accounts create <name>`: creates the database when there is none. */
export async function accountsCreate(
  dbPath: string,
  name: string,
  o: AccountCreateOptions,
  io: CliIo,
): Promise<number> {
  const fv = o.formatVersion;
  if (fv !== undefined && fv !== 'legacy' && fv !== '3')
    throw new UsageError(`--format-version must be 'legacy' or '3' (got '${fv}')`);
  let plans;
  try {
    plans = o.plan === undefined ? ('all' as const) : parsePlans(o.plan);
  } catch (e) {
    throw new UsageError(`--plan: ${(e as Error).message}`);
  }
  const a = await using(openOrCreateStorage(dbPath, io), async ({ accounts }) => {
    try {
      return await accounts.createAccount(name, {
        admin: o.admin === true,
        plans,
        formatVersion: fv as FormatVersion | undefined,
        quota: o.quota,
      });
    } catch (e) {
      if (e instanceof AccountNameTakenError)
        throw new CliError(`account '${name}' already exists (see: solarkit accounts list)`);
      throw e;
    }
  });
  io.out(
    `created account ${a.id} '${a.name}': plans=${a.plans.join(',')} admin=${a.admin} format_version=${a.formatVersion} quota=${a.quota}`,
  );
  return 0;
}

/** `accounts list`. */
export async function accountsList(dbPath: string, io: CliIo): Promise<number> {
  const rows = await using(openExistingStorage(dbPath), ({ accounts }) => accounts.listAccounts());
  io.out('id\tname\tadmin\tformat_version\tquota\tplans');
  for (const a of rows) io.out(`${a.id}\t${a.name}\t${a.admin}\t${a.formatVersion}\t${a.quota}\t${a.plans.join(',')}`);
  if (rows.length === 0) io.err(`no accounts in ${displayLocation(dbPath)}`);
  return 0;
}

/** The account a command names: its name, or its id as `accounts list` shows it. */
async function accountNamed(accounts: AccountStore, reference: string): Promise<AccountRow> {
  const a =
    (await accounts.getAccount(reference)) ??
    (/^\d+$/.test(reference) ? await accounts.getAccount(Number(reference)) : undefined);
  if (!a) throw new CliError(`no account '${reference}' (see: solarkit accounts list)`);
  return a;
}

/** `accounts delete <account>`: with its keys; with its sites and measurements only when forced. */
export async function accountsDelete(dbPath: string, reference: string, force: boolean, io: CliIo): Promise<number> {
  return using(openExistingStorage(dbPath), async ({ accounts }) => {
    const a = await accountNamed(accounts, reference);
    const { keys, sites } = await accounts.accountHoldings(a.id);
    if (sites > 0 && !force) {
      throw new CliError(
        `account '${a.name}' owns ${sites} site${sites === 1 ? '' : 's'} (with their measurements): add --force to delete them too`,
      );
    }
    await accounts.deleteAccount(a.id);
    io.out(
      `deleted account ${a.id} '${a.name}' with ${keys} key${keys === 1 ? '' : 's'}${sites > 0 ? ` and ${sites} site${sites === 1 ? '' : 's'}` : ''}`,
    );
    return 0;
  });
}

/** `keys create <account>`: the key alone on stdout's last line (shown once). */
export async function keysCreate(dbPath: string, reference: string, io: CliIo): Promise<number> {
  const { key, name } = await using(openExistingStorage(dbPath), async ({ accounts }) => {
    const a = await accountNamed(accounts, reference);
    return { key: (await accounts.createKey(a.id)).key, name: a.name };
  });
  io.err(`new key for '${name}' (shown once; only its hash is stored):`);
  io.out(key);
  return 0;
}

/** `keys list`: id, account, the key's first 8 characters, created, revoked. */
export async function keysList(dbPath: string, io: CliIo): Promise<number> {
  const rows = await using(openExistingStorage(dbPath), ({ accounts }) => accounts.listKeys());
  io.out('id\taccount\tkey_prefix\tcreated\trevoked');
  for (const k of rows) io.out(`${k.id}\t${k.accountName}\t${k.prefix}…\t${iso(k.createdAt)}\t${iso(k.revokedAt)}`);
  if (rows.length === 0) io.err(`no keys in ${displayLocation(dbPath)}`);
  return 0;
}

/** `keys revoke <key|id|prefix>`: exactly one key must match. */
export async function keysRevoke(dbPath: string, reference: string, io: CliIo): Promise<number> {
  return using(openExistingStorage(dbPath), async ({ accounts }) => {
    const matches = await accounts.keysByReference(reference);
    if (matches.length === 0)
      throw new CliError(`no key matches '${reference}': give the key, its id or its prefix (see: solarkit keys list)`);
    if (matches.length > 1) {
      throw new CliError(
        `'${reference}' matches ${matches.length} keys (ids ${matches.map((k) => k.id).join(', ')}): give the id or more of the key`,
      );
    }
    const k = matches[0]!;
    if (k.revokedAt !== null)
      throw new CliError(`key ${k.id} of '${k.accountName}' (${k.prefix}…) was already revoked at ${iso(k.revokedAt)}`);
    await accounts.revokeKeyById(k.id);
    io.out(`revoked key ${k.id} of '${k.accountName}' (${k.prefix}…)`);
    return 0;
  });
}
