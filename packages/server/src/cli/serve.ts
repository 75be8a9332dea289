/**
 * `solarkit serve`: the API server on one address (127.0.0.1 unless `--host` says otherwise: the
 * demo key opens every plan), over TLS when given a certificate and key, with the JSON request
 * log on stderr or in a file and the lines a person reads on stdout: the URL it really listens
 * on, the data it found, a key or how to get one, and the documentation. SIGINT and SIGTERM close
 * it.
 */
import { X509Certificate } from 'node:crypto';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DATA_DIR_VARIABLE, dataDirectories, dataInventory } from 'solarkit/node';
import { createServer } from '../app.js';
import { type TlsCredentials, TlsSetupError, readTlsFiles } from '../http/tls.js';
import { AccountNameTakenError } from '../storage/accounts.js';
import type { SiteLimits } from '../storage/types.js';
import { UNMETERED_LOCATIONS } from '../storage/test-sites.js';
import { displayLocation, openOrCreateStorage, using } from './database.js';
import { CliError, UsageError } from './errors.js';
import type { CliIo } from './io.js';
import { logDestination } from './logs.js';

export interface ServeOptions {
  dbPath: string;
  port: number;
  host: string;
  weatherDir?: string;
  tlsCert?: string;
  tlsKey?: string;
  logFile?: string;
  /** Caps of the sites one account stores (ServerOptions.siteLimits). */
  siteLimits?: Partial<SiteLimits>;
}

/** Addresses that listen on every interface of the machine. */
const WILDCARDS = new Set(['0.0.0.0', '::']);

/** The TLS credentials of the options, read and checked; none without a certificate and key. */
function tlsOf(o: ServeOptions): { credentials: TlsCredentials; selfSigned: boolean } | undefined {
  if ((o.tlsCert === undefined) !== (o.tlsKey === undefined)) {
    throw new UsageError('give both --tls-cert and --tls-key (or SOLARKIT_TLS_CERT and SOLARKIT_TLS_KEY), or neither');
  }
  if (o.tlsCert === undefined || o.tlsKey === undefined) return undefined;
  try {
    const credentials = readTlsFiles(o.tlsCert, o.tlsKey);
    const x509 = new X509Certificate(credentials.cert);
    return { credentials, selfSigned: x509.issuer === x509.subject };
  } catch (e) {
    if (e instanceof TlsSetupError) throw new CliError(e.message);
    throw e;
  }
}

/** Why listening failed, in the words of the options that choose the address. */
function listenError(e: NodeJS.ErrnoException, o: ServeOptions): Error {
  switch (e.code) {
    case 'EADDRINUSE':
      return new CliError(`port ${o.port} on ${o.host} is in use by another program: choose another with --port`);
    case 'EACCES':
      return new CliError(
        `no permission to listen on port ${o.port} (ports below 1024 need privileges): choose another with --port`,
      );
    case 'EADDRNOTAVAIL':
      return new CliError(
        `--host ${o.host} is not an address of this machine (127.0.0.1 for this machine only, 0.0.0.0 for every interface)`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new CliError(`--host ${o.host} is not a known host name or address`);
    default:
      return e;
  }
}

/**
 * Whether the address can be listened on, tried with a throwaway socket before the seconds of
 * warm-up (a port in use was reported only after them); port 0 (any free port) needs no try.
 *
 * @throws CliError naming the port (or the host) when it cannot
 */
async function checkAddress(o: ServeOptions): Promise<void> {
  if (o.port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', (e) => reject(listenError(e as NodeJS.ErrnoException, o)));
    probe.listen({ port: o.port, host: o.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Starts the server; resolves with 0 once it listens (it runs until SIGINT or SIGTERM). */
export async function serve(o: ServeOptions, io: CliIo): Promise<number> {
  const tls = tlsOf(o);
  await checkAddress(o);
  const log = logDestination(o.logFile);
  // On first start with an empty database: a demo account and key, so that a curl works at once
  // (made by one node only when several start together on one PostgreSQL database).
  const { demoKey, keyHolder } = await using(
    openOrCreateStorage(o.dbPath, { out: io.out, err: io.out }),
    async ({ accounts }) => {
      const existing = await accounts.listAccounts();
      if (existing.length > 0)
        return { demoKey: undefined, keyHolder: (existing.find((a) => a.name === 'demo') ?? existing[0]!).name };
      try {
        const a = await accounts.createAccount('demo', { plans: 'all', formatVersion: '3' });
        return { demoKey: (await accounts.createKey(a.id)).key, keyHolder: a.name };
      } catch (e) {
        if (e instanceof AccountNameTakenError) return { demoKey: undefined, keyHolder: 'demo' };
        throw e;
      }
    },
  );
  let app: FastifyInstance;
  // The warm-up takes a few seconds of CPU (longer on a busy machine): say what the wait is.
  io.out('starting: loading the data grids and warming up the TMY path (a few seconds)');
  try {
    // warmUp: the engine compiles the TMY path (here and in the compute threads) before the
    // server listens, so the first request is not charged for it.
    app = await createServer({
      dbPath: o.dbPath,
      logger: true,
      logStream: log.stream,
      warmUp: true,
      ...(o.weatherDir !== undefined ? { weatherDir: o.weatherDir } : {}),
      ...(o.siteLimits !== undefined ? { siteLimits: o.siteLimits } : {}),
      ...(tls ? { tls: tls.credentials } : {}),
    });
  } catch (e) {
    await log.close();
    throw e;
  }
  try {
    await app.listen({ port: o.port, host: o.host });
  } catch (e) {
    await app.close();
    await log.close();
    throw listenError(e as NodeJS.ErrnoException, o);
  }
  // The address the socket is bound to (fastify's own answer names one interface of a wildcard).
  const bound = app.server.address() as AddressInfo;
  const url = `${tls ? 'https' : 'http'}://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`;
  const store = app.solarkit.weatherStore;
  io.out(
    `solarkit API listening on ${url} (database ${displayLocation(o.dbPath)}${store ? `, weather files ${store.directory}: ${store.list().length}` : ''})`,
  );
  if (WILDCARDS.has(bound.address)) {
    io.out(
      `on every interface (--host ${o.host}): other machines can reach it, and any key of the database works from them`,
    );
  }
  io.out(`request log (JSON lines): ${log.description}`);
  for (const item of dataInventory()) {
    io.out(
      item.foundAt !== undefined
        ? `data: ${item.path} from ${item.foundAt}`
        : `data: ${item.path} is MISSING (${item.purpose}); requests that need it answer 503. Searched: ${dataDirectories().join(', ') || '(none)'}; set ${DATA_DIR_VARIABLE}`,
    );
  }
  // A URL to call from this machine: a wildcard address is not one to connect to.
  const local = url.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//127.0.0.1');
  const sydney = UNMETERED_LOCATIONS[0]!;
  const example = `${local}/data/live/radiation_and_weather?latitude=${sydney.latitude}&longitude=${sydney.longitude}&hours=6&format=csv`;
  const trust = tls?.selfSigned ? `--cacert ${o.tlsCert} ` : '';
  if (demoKey) {
    io.out(`created the demo account 'demo' with key ${demoKey}`);
    io.out(`try: curl ${trust}-H "Authorization: Bearer ${demoKey}" "${example}"`);
  } else {
    io.out(
      `keys are shown once, when made: for a new key run  npx solarkit keys create ${keyHolder} --db ${displayLocation(o.dbPath)}`,
    );
    io.out(`then: curl ${trust}-H "Authorization: Bearer <key>" "${example}"`);
  }
  io.out(`documentation: ${local}/docs`);
  const stop = (): void => {
    void app
      .close()
      .then(() => log.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}
