// The site and measurement stores of the run's backend (support/backend.ts: SQLite or PostgreSQL).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../../src/storage/open.js';
import { configAt } from '../../src/storage/sites.js';
import { UNMETERED_LOCATIONS } from '../../src/storage/test-sites.js';
import {
  ReadOnlySiteError,
  ResourceIdTakenError,
  SiteConfigTooLargeError,
  SiteCountLimitError,
  SiteGoneError,
  type MeasurementRecord,
  type MeasurementStore,
  type SiteStore,
} from '../../src/storage/types.js';
import type { Storage } from '../../src/storage/stores.js';
import { type TestDatabase, freshDatabase, queryRows } from '../support/backend.js';

let database: TestDatabase;
let storage: Storage;
let sites: SiteStore;
let store: MeasurementStore;
let alice: number;
let bob: number;

async function account(name: string): Promise<number> {
  return (await storage.accounts.createAccount(name, { plans: ['resources'], now: 0 })).id;
}

const config = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  latitude: -30,
  longitude: 150,
  capacity: 5,
  ...extra,
});

beforeEach(async () => {
  database = await freshDatabase();
  storage = await openStorage(database.location);
  sites = storage.sites;
  store = storage.measurements;
  alice = await account('alice');
  bob = await account('bob');
});
afterEach(async () => {
  await storage.close();
  await database.drop();
});

describe('SiteStore', () => {
  it('seeds the eight shared test sites, visible to every account and read-only', async () => {
    const page = await sites.listSites({ kind: 'pv', viewer: { accountId: alice }, skip: 0, take: 100 });
    expect(page.total).toBe(UNMETERED_LOCATIONS.length);
    const sydney = await sites.getSite('pv', 'ba75-e17a-7374-95ed', { accountId: bob });
    expect(sydney?.config.name).toBe('Test Site: Sydney Opera House');
    expect(sydney?.unmetered).toBe(true);
    await expect(
      sites.updateSite('pv', 'ba75-e17a-7374-95ed', { accountId: bob }, (c) => c, 10),
    ).rejects.toBeInstanceOf(ReadOnlySiteError);
    await expect(sites.deleteSite('pv', 'ba75-e17a-7374-95ed', { accountId: bob })).rejects.toBeInstanceOf(
      ReadOnlySiteError,
    );
  });

  it('keeps a site to its owner, generates ids, refuses a taken id', async () => {
    const made = await sites.createSite('wind', alice, undefined, config('Farm'), 1000);
    expect(made.resourceId).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    expect(made.createdAt).toBe(1000);
    expect(await sites.getSite('wind', made.resourceId, { accountId: bob })).toBeUndefined();
    expect(await sites.getSite('pv', made.resourceId, { accountId: alice })).toBeUndefined();
    expect((await sites.getSite(undefined, made.resourceId, { accountId: alice }))?.kind).toBe('wind');
    expect((await sites.getSite('wind', made.resourceId, { accountId: bob, all: true }))?.ownerId).toBe(alice);
    await expect(sites.createSite('pv', bob, made.resourceId, config('x'), 1)).rejects.toBeInstanceOf(
      ResourceIdTakenError,
    );
    expect(await sites.updateSite('wind', made.resourceId, { accountId: bob }, (c) => c, 5)).toBeUndefined();
    expect(await sites.deleteSite('wind', made.resourceId, { accountId: bob })).toBe(false);
    expect(await sites.deleteSite('wind', made.resourceId, { accountId: alice })).toBe(true);
    expect(await sites.getSite('wind', made.resourceId, { accountId: alice })).toBeUndefined();
  });

  it('records configuration versions and answers the one in force at a period end', async () => {
    await sites.createSite('pv', alice, 'my-site', config('A', { grid_export_limit: 4 }), 1000);
    const updated = await sites.updateSite(
      'pv',
      'my-site',
      { accountId: alice },
      (c) => ({ ...c, grid_export_limit: 2 }),
      2000,
    );
    expect(updated?.configChangedAt).toBe(2000);
    expect(updated?.createdAt).toBe(1000);
    const history = await sites.configHistory(updated!.id);
    expect(history.map((v) => v.validFrom)).toEqual([1000, 2000]);
    expect(configAt(history, 500).grid_export_limit).toBe(4);
    expect(configAt(history, 2000).grid_export_limit).toBe(4);
    expect(configAt(history, 2000.5).grid_export_limit).toBe(2);
  });

  it('leaves a site unchanged when the update throws', async () => {
    await sites.createSite('pv', alice, 's1', config('A'), 1000);
    await expect(
      sites.updateSite(
        'pv',
        's1',
        { accountId: alice },
        () => {
          throw new Error('invalid');
        },
        2000,
      ),
    ).rejects.toThrow('invalid');
    const site = await sites.getSite('pv', 's1', { accountId: alice });
    expect(site?.updatedAt).toBe(1000);
    expect((await sites.configHistory(site!.id)).length).toBe(1);
  });

  it('filters lists by query, creation time and owner, and pages with a total', async () => {
    for (let i = 0; i < 7; i++)
      await sites.createSite('wind', alice, `w-${i}`, config(i % 2 ? 'North 50%_x' : 'South'), 100 * i);
    await sites.createSite('wind', bob, 'bob-1', config('North'), 50);
    const own = await sites.listSites({ kind: 'wind', viewer: { accountId: alice }, skip: 2, take: 3 });
    expect(own.total).toBe(7);
    expect(own.results.map((s) => s.resourceId)).toEqual(['w-2', 'w-3', 'w-4']);
    const north = await sites.listSites({
      kind: 'wind',
      viewer: { accountId: alice },
      query: 'NORTH',
      skip: 0,
      take: 100,
    });
    expect(north.results.map((s) => s.resourceId)).toEqual(['w-1', 'w-3', 'w-5']);
    // LIKE wildcards in the query are literal characters
    expect(
      (await sites.listSites({ kind: 'wind', viewer: { accountId: alice }, query: '%_', skip: 0, take: 100 })).total,
    ).toBe(3);
    expect(
      (await sites.listSites({ kind: 'wind', viewer: { accountId: alice }, query: 'w-6', skip: 0, take: 100 })).total,
    ).toBe(1);
    // Case-insensitive beyond ASCII (SQLite's own lower() folds A-Z only).
    await sites.createSite('pv', alice, 'umlaut', config('Ärøskøbing Ørsted'), 1000);
    expect(
      (
        await sites.listSites({
          kind: 'pv',
          viewer: { accountId: alice },
          query: 'ærøSKØBING ørsted'.replace('æ', 'ä'),
          skip: 0,
          take: 100,
        })
      ).results.map((s) => s.resourceId),
    ).toEqual(['umlaut']);
    const window = await sites.listSites({
      kind: 'wind',
      viewer: { accountId: alice },
      createdFrom: 200,
      createdBefore: 400,
      skip: 0,
      take: 100,
    });
    expect(window.results.map((s) => s.createdAt)).toEqual([200, 300]);
    const all = await sites.listSites({ kind: 'wind', viewer: { accountId: alice, all: true }, skip: 0, take: 100 });
    expect(all.total).toBe(8);
  });
});

describe('SiteStore caps (issue 34)', () => {
  const coefficients = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ day_of_year: (i % 366) + 1, signed_zenith_coefficients: { a: i / 7 } }));

  it('refuses a configuration over maxConfigBytes, on create and on update, and stores nothing of it', async () => {
    const small = config('A');
    const bytes = Buffer.byteLength(JSON.stringify(small));
    // Exactly at the cap is allowed (a cap counts UTF-8 bytes: 'Ä' is two).
    await sites.createSite('pv', alice, 'at-cap', small, 1000, { maxConfigBytes: bytes });
    const wide = config('Ä');
    const error = await sites
      .createSite('pv', alice, 'over', wide, 1000, { maxConfigBytes: bytes })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteConfigTooLargeError);
    expect(error).toMatchObject({ limit: bytes, bytes: bytes + 1 });
    expect(await sites.getSite('pv', 'over', { accountId: alice })).toBeUndefined();
    await expect(
      sites.updateSite(
        'pv',
        'at-cap',
        { accountId: alice },
        (c) => ({ ...c, clearsky_zenith_coefficients: coefficients(50) }),
        2000,
        { maxConfigBytes: 1000 },
      ),
    ).rejects.toBeInstanceOf(SiteConfigTooLargeError);
    const site = await sites.getSite('pv', 'at-cap', { accountId: alice });
    expect(site?.config).toEqual(small);
    expect((await sites.configHistory(site!.id)).length).toBe(1);
  });

  it('refuses a create past maxSitesPerAccount, counting both kinds and only the owner', async () => {
    const limits = { maxSitesPerAccount: 2 };
    await sites.createSite('pv', alice, 'a1', config('A'), 1000, limits);
    await sites.createSite('wind', alice, 'a2', config('B'), 1000, limits);
    const error = await sites.createSite('pv', alice, 'a3', config('C'), 1000, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteCountLimitError);
    expect(error).toMatchObject({ limit: 2 });
    expect(await sites.getSite(undefined, 'a3', { accountId: alice })).toBeUndefined();
    // Another account is not affected, and a deleted site frees its place.
    await sites.createSite('pv', bob, 'b1', config('D'), 1000, limits);
    await sites.deleteSite('wind', 'a2', { accountId: alice });
    await sites.createSite('pv', alice, 'a3', config('C'), 1000, limits);
  });

  it('keeps the newest maxVersions versions, and stores no version for an unchanged configuration', async () => {
    const created = await sites.createSite('pv', alice, 'v', config('A', { grid_export_limit: 0 }), 1000);
    for (let i = 1; i <= 6; i++) {
      await sites.updateSite('pv', 'v', { accountId: alice }, (c) => ({ ...c, grid_export_limit: i }), 1000 + 100 * i, {
        maxVersions: 3,
      });
    }
    let history = await sites.configHistory(created.id);
    expect(history.map((v) => [v.validFrom, v.config.grid_export_limit])).toEqual([
      [1400, 4],
      [1500, 5],
      [1600, 6],
    ]);
    // The oldest version kept stands for every period before it.
    expect(configAt(history, 500).grid_export_limit).toBe(4);
    const same = await sites.updateSite('pv', 'v', { accountId: alice }, (c) => ({ ...c }), 5000, { maxVersions: 3 });
    expect(same?.configChangedAt).toBe(1600);
    history = await sites.configHistory(created.id);
    expect(history.map((v) => v.validFrom)).toEqual([1400, 1500, 1600]);
  });

  it('answers a window with the versions that can be in force in it, as configAt would from all of them', async () => {
    const created = await sites.createSite('pv', alice, 'w', config('A', { grid_export_limit: 0 }), 1000);
    for (let i = 1; i <= 5; i++) {
      await sites.updateSite('pv', 'w', { accountId: alice }, (c) => ({ ...c, grid_export_limit: i }), 1000 * (i + 1));
    }
    const all = await sites.configHistory(created.id);
    expect(all.map((v) => v.validFrom)).toEqual([1000, 2000, 3000, 4000, 5000, 6000]);
    const windows: [number, number, number[]][] = [
      [2500, 4500, [2000, 3000, 4000]],
      [3000, 3000, [2000]],
      [3000.5, 3000.5, [3000]],
      [100, 900, [1000]],
      [100, 2000, [1000]],
      [100, 2000.5, [1000, 2000]],
      [7000, 9000, [6000]],
    ];
    for (const [from, to, expected] of windows) {
      const part = await sites.configHistory(created.id, { from, to });
      expect(
        part.map((v) => v.validFrom),
        `${from}..${to}`,
      ).toEqual(expected);
      for (const t of [from, (from + to) / 2, to]) expect(configAt(part, t)).toEqual(configAt(all, t));
      const json = await sites.modelConfigHistory(created.id, { from, to });
      expect(json.map((v) => ({ validFrom: v.validFrom, config: JSON.parse(v.json) }))).toEqual(part);
    }
  });

  it('finds a site without its configuration, and gives the models its versions without zenith coefficients', async () => {
    await sites.createSite('pv', alice, 'f', config('A', { clearsky_zenith_coefficients: coefficients(3) }), 1000);
    const ref = await sites.findSite('pv', 'f', { accountId: alice });
    expect(ref).toMatchObject({ resourceId: 'f', kind: 'pv', ownerId: alice, unmetered: false, name: 'A' });
    expect([ref?.latitude, ref?.longitude]).toEqual([-30, 150]);
    expect(ref).not.toHaveProperty('config');
    expect(await sites.findSite('pv', 'f', { accountId: bob })).toBeUndefined();
    expect(await sites.findSite('wind', 'f', { accountId: alice })).toBeUndefined();
    expect((await sites.findSite(undefined, 'ba75-e17a-7374-95ed', { accountId: bob }))?.unmetered).toBe(true);
    // The models' versions leave the coefficients out; the stored configuration keeps them.
    await sites.updateSite('pv', 'f', { accountId: alice }, (c) => ({ ...c, capacity: 7 }), 2000);
    const model = await sites.modelConfigHistory(ref!.id);
    expect(model.map((v) => JSON.parse(v.json))).toEqual([config('A'), config('A', { capacity: 7 })]);
    const stored = await sites.configHistory(ref!.id);
    expect(stored.map((v) => v.config.clearsky_zenith_coefficients)).toEqual([coefficients(3), coefficients(3)]);
  });

  it('ends a list page at maxBytes of configurations (always at least one site), with the total of all matches', async () => {
    const sizes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const c = config(`s${i}`, { clearsky_zenith_coefficients: coefficients(i === 2 ? 60 : 10) });
      sizes.push(Buffer.byteLength(JSON.stringify(c)));
      await sites.createSite('wind', alice, `s${i}`, c, 100 + i);
    }
    const page = (skip: number, maxBytes: number) =>
      sites.listSites({ kind: 'wind', viewer: { accountId: alice }, skip, take: 100, maxBytes });
    const ids = async (skip: number, maxBytes: number) => (await page(skip, maxBytes)).results.map((s) => s.resourceId);
    // s0 and s1 fit, s2 (large) does not: the page ends before it; then s2 alone; then the rest.
    const first = await page(0, sizes[0]! + sizes[1]! + 10);
    expect(first.total).toBe(5);
    expect(first.results.map((s) => s.resourceId)).toEqual(['s0', 's1']);
    expect(await ids(2, sizes[0]! + sizes[1]! + 10)).toEqual(['s2']);
    expect(await ids(3, sizes[0]! + sizes[1]! + 10)).toEqual(['s3', 's4']);
    // A site larger than the whole budget still comes, alone.
    expect(await ids(2, 10)).toEqual(['s2']);
    // Without a cap, or under a large one, the page is `take` long.
    expect((await ids(0, 1e9)).length).toBe(5);
  });
});

describe('MeasurementStore', () => {
  const record = (periodEnd: number, totalPower: number): MeasurementRecord => ({
    periodEnd,
    period: 300,
    totalPower,
    availability: null,
    meanGhi: 500,
    trackingAngle: null,
    networkConstraint: true,
    constraintPowerCeiling: null,
    localLimit: null,
    frequency: 50,
  });

  it('upserts by (period_end, period) per account and reads back exactly', async () => {
    const site = await sites.createSite('pv', alice, 'm1', config('M'), 0);
    await store.upsertMeasurements(site.id, alice, [record(600, 1.5), record(300, 1.25)]);
    await store.upsertMeasurements(site.id, alice, [record(600, 2.5)]);
    await store.upsertMeasurements(site.id, bob, [record(600, 9)]);
    const page = await store.listMeasurements(site.id, alice, { skip: 0, take: 100 });
    expect(page.total).toBe(2);
    expect(page.results).toEqual([record(300, 1.25), record(600, 2.5)]);
    expect((await store.listMeasurements(site.id, alice, { start: 301, skip: 0, take: 100 })).results).toEqual([
      record(600, 2.5),
    ]);
  });

  it('stores nothing of a batch that fails part-way', async () => {
    const site = await sites.createSite('pv', alice, 'm2', config('M'), 0);
    const bad = { ...record(900, 1), totalPower: null as unknown as number }; // NOT NULL violation
    await expect(store.upsertMeasurements(site.id, alice, [record(300, 1), record(600, 1), bad])).rejects.toThrow();
    expect((await store.listMeasurements(site.id, alice, { skip: 0, take: 100 })).total).toBe(0);
  });

  it('keys sub-unit records by sub-unit too, filters and pages them, and deletes them with the site', async () => {
    const site = await sites.createSite('pv', alice, 'm3', config('M'), 0);
    const rows = [];
    for (let t = 1; t <= 4; t++)
      for (const subUnit of ['inv-b', 'inv-a']) rows.push({ subUnit, periodEnd: 300 * t, period: 300, power: t });
    await store.upsertSubUnitMeasurements(site.id, alice, rows);
    await store.upsertSubUnitMeasurements(site.id, alice, [
      { subUnit: 'inv-a', periodEnd: 300, period: 300, power: 42 },
    ]);
    const all = await store.listSubUnitMeasurements(site.id, alice, { skip: 0, take: 3 });
    expect(all.total).toBe(8);
    expect(all.results).toEqual([
      { subUnit: 'inv-a', periodEnd: 300, period: 300, power: 42 },
      { subUnit: 'inv-b', periodEnd: 300, period: 300, power: 1 },
      { subUnit: 'inv-a', periodEnd: 600, period: 300, power: 2 },
    ]);
    const one = await store.listSubUnitMeasurements(site.id, alice, {
      subUnit: 'inv-b',
      start: 600,
      end: 900,
      skip: 0,
      take: 100,
    });
    expect(one.results.map((r) => r.periodEnd)).toEqual([600, 900]);
    await sites.deleteSite('pv', 'm3', { accountId: alice });
    expect((await store.listSubUnitMeasurements(site.id, alice, { skip: 0, take: 100 })).total).toBe(0);
  });

  it('reports a write for a deleted site as SiteGoneError and stores nothing', async () => {
    const site = await sites.createSite('pv', alice, 'm4', config('M'), 0);
    await sites.deleteSite('pv', 'm4', { accountId: alice });
    await expect(store.upsertMeasurements(site.id, alice, [record(300, 1)])).rejects.toBeInstanceOf(SiteGoneError);
    await expect(
      store.upsertSubUnitMeasurements(site.id, alice, [{ subUnit: 'a', periodEnd: 300, period: 300, power: 1 }]),
    ).rejects.toBeInstanceOf(SiteGoneError);
    expect(await queryRows(database.location, 'SELECT count(*) AS n FROM site_measurements')).toEqual([{ n: 0 }]);
  });
});
