/**
 * The storage interface of accounts, sites, measurements, quotas and rate limits, as narrow as the
 * routes need.
 *
 * Routes talk only to `AccountStore` (accounts.ts), `SiteStore`, `MeasurementStore` and
 * `LimitStore`; the SQLite implementation lives in accounts.ts, sites.ts, measurements.ts and
 * limits.ts, the PostgreSQL one in postgres/. Every method returns a Promise although
 * better-sqlite3 is synchronous, because pg is asynchronous. Times are Unix seconds (UTC); a site's configuration is an opaque JSON
 * document to the store (the routes validate it), apart from the few columns lists filter on
 * (name, latitude, longitude), which the store copies out of it.
 */

/** The two kinds of generating site. Resource ids are unique across both kinds. */
export type SiteKind = 'pv' | 'wind';

/** The fields every site configuration carries, whatever its kind. */
export interface SiteConfigBase {
  name: string;
  latitude: number;
  longitude: number;
  [field: string]: unknown;
}

/** Who is asking: the account, and whether it may see every account's sites (admin show_all). */
export interface Viewer {
  accountId: number;
  /** true only for an admin asking with show_all: the listing then spans all accounts. */
  all?: boolean;
}

/** A stored site: its configuration as last written, and the bookkeeping around it. */
export interface StoredSite<C extends SiteConfigBase = SiteConfigBase> {
  /** Internal key; never shown to a caller. */
  id: number;
  resourceId: string;
  kind: SiteKind;
  /** The owning account; null for the shared unmetered test sites every account can read. */
  ownerId: number | null;
  /** True for the unmetered test sites of contract section 6 (read-only to everyone). */
  unmetered: boolean;
  config: C;
  createdAt: number;
  updatedAt: number;
  /** When the configuration last changed (= createdAt until the first edit). */
  configChangedAt: number;
}

/** One version of a site's configuration, in force for periods ending after `validFrom`. */
export interface SiteConfigVersion<C extends SiteConfigBase = SiteConfigBase> {
  validFrom: number;
  config: C;
}

/** A stored site without its configuration: what finding it, and its place, needs. */
export interface SiteRef {
  /** Internal key; never shown to a caller. */
  id: number;
  resourceId: string;
  kind: SiteKind;
  ownerId: number | null;
  unmetered: boolean;
  name: string;
  latitude: number;
  longitude: number;
}

/** One version of a site's configuration as JSON text, not parsed. */
export interface StoredConfigVersion {
  validFrom: number;
  json: string;
}

/** A page of a list, and the number of matches without paging. */
export interface Page<T> {
  total: number;
  results: T[];
}

/**
 * Caps of what one account stores in sites (issue 34: one account could otherwise make requests
 * that hold every other account's). Defaults: DEFAULT_SITE_LIMITS.
 */
export interface SiteLimits {
  /** Largest configuration a site may store, bytes of its JSON (UTF-8); a larger one is refused. */
  maxConfigBytes: number;
  /**
   * Configuration versions kept per site: a change past this many drops the oldest, and the oldest
   * version kept then stands for every period before it.
   */
  maxVersions: number;
  /** Sites (PV and wind together) one account may own; another create is refused. */
  maxSitesPerAccount: number;
  /**
   * Largest page of a site list, bytes of the stored configurations: a page that would be larger
   * ends early (at least one site), and the response says where the next page starts.
   */
  maxListBytes: number;
}

/**
 * The default caps: a configuration of 256 KiB (a site without zenith coefficients is under 1 kB;
 * this leaves room for both coefficient lists over every day of the year), the newest 100 versions,
 * 1000 sites per account, and list pages of at most 1 MiB (1000 sites without coefficients fit).
 */
export const DEFAULT_SITE_LIMITS: Readonly<SiteLimits> = {
  maxConfigBytes: 256 * 1024,
  maxVersions: 100,
  maxSitesPerAccount: 1000,
  maxListBytes: 1024 * 1024,
};

/** Bytes of a configuration's stored JSON text (UTF-8). */
export function configBytes(json: string): number {
  return Buffer.byteLength(json, 'utf8');
}

/** A site list request: kind, viewer, filters (Unix seconds) and the page. */
export interface SiteListQuery {
  kind: SiteKind;
  viewer: Viewer;
  /** Case-insensitive substring of the name or the resource id. */
  query?: string;
  /** Keep sites created at or after this instant. */
  createdFrom?: number;
  /** Keep sites created before this instant. */
  createdBefore?: number;
  skip: number;
  take: number;
  /**
   * Largest page, bytes of the stored configurations (at least one site is always returned): a
   * page cut short by it has fewer than `take` results although more match.
   */
  maxBytes?: number;
}

/** Thrown by createSite when the resource id is already taken (by a site of any kind). */
export class ResourceIdTakenError extends Error {
  constructor(readonly resourceId: string) {
    super(`resource_id '${resourceId}' is already in use`);
    this.name = 'ResourceIdTakenError';
  }
}

/** Thrown when a caller tries to change or delete one of the shared, read-only test sites. */
export class ReadOnlySiteError extends Error {
  constructor(readonly resourceId: string) {
    super(`'${resourceId}' is a shared test site and cannot be changed`);
    this.name = 'ReadOnlySiteError';
  }
}

/**
 * Thrown by the measurement upserts when the batch would bring the account's stored records (both
 * kinds together) over `limit`; nothing of the batch is then stored.
 */
export class MeasurementLimitError extends Error {
  constructor(
    readonly limit: number,
    readonly stored: number,
  ) {
    super(`an account may store at most ${limit} measurement records; this upload would bring it to ${stored}`);
    this.name = 'MeasurementLimitError';
  }
}

/** Thrown by createSite and updateSite when the configuration to store is larger than the cap. */
export class SiteConfigTooLargeError extends Error {
  constructor(
    readonly limit: number,
    readonly bytes: number,
  ) {
    super(`a site configuration may be at most ${limit} bytes; this one is ${bytes}`);
    this.name = 'SiteConfigTooLargeError';
  }
}

/** Thrown by createSite when the account already owns as many sites as it may. */
export class SiteCountLimitError extends Error {
  constructor(readonly limit: number) {
    super(`an account may own at most ${limit} sites`);
    this.name = 'SiteCountLimitError';
  }
}

/** Thrown when measurements are written for a site that was deleted meanwhile. */
export class SiteGoneError extends Error {
  constructor() {
    super('the site no longer exists');
    this.name = 'SiteGoneError';
  }
}

/** Sites of both kinds with their configuration history (SQLite: sites.ts). */
export interface SiteStore {
  /**
   * Creates a site owned by `ownerId`, generating a resource id when none is given.
   * @throws ResourceIdTakenError when the id is in use
   * @throws SiteConfigTooLargeError over `limits.maxConfigBytes`
   * @throws SiteCountLimitError when the owner has `limits.maxSitesPerAccount` sites already
   */
  createSite<C extends SiteConfigBase>(
    kind: SiteKind,
    ownerId: number,
    resourceId: string | undefined,
    config: C,
    now: number,
    limits?: Partial<SiteLimits>,
  ): Promise<StoredSite<C>>;
  /** The site of this kind (any kind when omitted) the viewer may see, or undefined. */
  getSite<C extends SiteConfigBase = SiteConfigBase>(
    kind: SiteKind | undefined,
    resourceId: string,
    viewer: Viewer,
  ): Promise<StoredSite<C> | undefined>;
  /**
   * The site of this kind (any kind when omitted) the viewer may see, without reading its
   * configuration (which can be large), or undefined.
   */
  findSite(kind: SiteKind | undefined, resourceId: string, viewer: Viewer): Promise<SiteRef | undefined>;
  /**
   * Replaces a site's configuration with what `update` returns from the current one, atomically
   * (no other write to the site in between), and records a new configuration version valid from
   * `now`, keeping the newest `limits.maxVersions`. A configuration equal to the current one
   * writes nothing (no new version). `update` may throw (a validation error); nothing is then
   * written.
   * @returns undefined when the viewer cannot see the site
   * @throws ReadOnlySiteError for a shared test site
   * @throws SiteConfigTooLargeError over `limits.maxConfigBytes`
   */
  updateSite<C extends SiteConfigBase>(
    kind: SiteKind,
    resourceId: string,
    viewer: Viewer,
    update: (current: C) => C,
    now: number,
    limits?: Partial<SiteLimits>,
  ): Promise<StoredSite<C> | undefined>;
  /**
   * Deletes a site with its configuration history and measurements.
   * @returns false when the viewer cannot see the site
   * @throws ReadOnlySiteError for a shared test site
   */
  deleteSite(kind: SiteKind, resourceId: string, viewer: Viewer): Promise<boolean>;
  /** Sites of a kind the viewer may see (its own and the shared ones), oldest first. */
  listSites<C extends SiteConfigBase = SiteConfigBase>(query: SiteListQuery): Promise<Page<StoredSite<C>>>;
  /**
   * The configuration versions of a site, oldest first (at least one): every one, or, with
   * `window` (Unix seconds), those that can be in force for a period ending in it: the version in
   * force at `window.from` (the oldest when none is older) and those made from then until before
   * `window.to`. `configAt` answers the same for any period end in the window from either list.
   */
  configHistory<C extends SiteConfigBase = SiteConfigBase>(
    siteId: number,
    window?: { from: number; to: number },
  ): Promise<SiteConfigVersion<C>[]>;
  /**
   * As configHistory, each configuration as the models read it: without the zenith coefficients
   * (stored and echoed, read by no model, and most of a large configuration's bytes), as JSON text.
   * So computing a site's power never reads, parses or copies the coefficients.
   */
  modelConfigHistory(siteId: number, window?: { from: number; to: number }): Promise<StoredConfigVersion[]>;
}

/** A key's rate-limit window: when it started (Unix ms) and the requests counted in it so far. */
export interface RateWindow {
  start: number;
  count: number;
}

/**
 * The daily transaction quota of accounts and the rate limit of keys (contract section 6; SQLite:
 * limits.ts). Shared by every server process on the database: each method is one atomic statement,
 * so concurrent requests, slow clients and other processes cannot take more than the quota.
 */
export interface LimitStore {
  /**
   * Takes one transaction of the account's UTC `day` (YYYY-MM-DD) if fewer than `quota` are taken:
   * returns the day's count with this one, or undefined when the quota is already spent (nothing
   * is then taken).
   */
  reserveTransaction(accountId: number, day: string, quota: number): Promise<number | undefined>;
  /** Gives back one transaction of the day (a request that failed through the server's fault). */
  refundTransaction(accountId: number, day: string): Promise<void>;
  /** Transactions taken on the day. */
  transactionsOn(accountId: number, day: string): Promise<number>;
  /**
   * Counts one request of a key in its rate window: the window restarts at `nowMs` when it began
   * `windowMs` or longer ago. Returns the window after counting this request.
   */
  countRequest(keyId: number, nowMs: number, windowMs: number): Promise<RateWindow>;
}

/**
 * One utility-scale measurement record (contract section 7). Powers in MW, availability in %,
 * mean_ghi in W/m2, tracking_angle in degrees, frequency in Hz; null = not measured.
 */
export interface MeasurementRecord {
  periodEnd: number;
  /** Length of the period, seconds (300 to 3600). */
  period: number;
  totalPower: number;
  availability: number | null;
  meanGhi: number | null;
  trackingAngle: number | null;
  networkConstraint: boolean | null;
  constraintPowerCeiling: number | null;
  localLimit: number | null;
  frequency: number | null;
}

/** One sub-unit (inverter, group of inverters, turbine) measurement record. */
export interface SubUnitRecord {
  subUnit: string;
  periodEnd: number;
  period: number;
  power: number;
}

/** A time window over period_end (Unix seconds, inclusive) and a page. */
export interface MeasurementQuery {
  /** Keep period_end >= start. */
  start?: number;
  /** Keep period_end <= end. */
  end?: number;
  skip: number;
  take: number;
}

/** Options of a measurement upload. */
export interface UpsertOptions {
  /**
   * Most records (utility-scale and sub-unit together, over all sites) the account may have stored
   * after the upload; over it the upload throws MeasurementLimitError and stores nothing.
   */
  maxRowsPerAccount?: number;
}

/** Utility-scale and sub-unit measurement records, per site and uploading account (SQLite: measurements.ts). */
export interface MeasurementStore {
  /**
   * Stores records of a site for an account in one transaction: all of them or none. A record
   * whose (period_end, period) the site already has for that account replaces the old one.
   * @throws MeasurementLimitError when the account would hold more than `maxRowsPerAccount` records
   */
  upsertMeasurements(
    siteId: number,
    accountId: number,
    records: readonly MeasurementRecord[],
    options?: UpsertOptions,
  ): Promise<void>;
  /** Stored records, by period_end then period. */
  listMeasurements(siteId: number, accountId: number, query: MeasurementQuery): Promise<Page<MeasurementRecord>>;
  /** Deletes the account's records of a site with period_end in [start, end]; returns how many. */
  deleteMeasurements(siteId: number, accountId: number, window: { start: number; end: number }): Promise<number>;
  /** As upsertMeasurements, keyed by (sub_unit, period_end, period). */
  upsertSubUnitMeasurements(
    siteId: number,
    accountId: number,
    records: readonly SubUnitRecord[],
    options?: UpsertOptions,
  ): Promise<void>;
  /** Records (both kinds, all sites) the account has stored. */
  storedRows(accountId: number): Promise<number>;
  /** Stored sub-unit records, by period_end, then sub_unit, then period. */
  listSubUnitMeasurements(
    siteId: number,
    accountId: number,
    query: MeasurementQuery & { subUnit?: string },
  ): Promise<Page<SubUnitRecord>>;
  /** Deletes sub-unit records with period_end in [start, end] (of one sub-unit when given); returns how many. */
  deleteSubUnitMeasurements(
    siteId: number,
    accountId: number,
    window: { start: number; end: number; subUnit?: string },
  ): Promise<number>;
}
