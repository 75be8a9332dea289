/**
 * The shared, unmetered test locations and sites of contract section 6: where they are, their
 * resource ids, and the PV configuration every account sees for them (seeded by migration 101).
 * Requests for these places spend no quota (http/limits.ts), and the sites are read-only.
 */
import type { SiteConfigBase } from './types.js';

/** The unmetered test locations of contract.md section 6, with the resource ids of their sites. */
export const UNMETERED_LOCATIONS: readonly { name: string; latitude: number; longitude: number; resourceId: string }[] =
  [
    { name: 'Sydney Opera House', latitude: -33.856784, longitude: 151.215297, resourceId: 'ba75-e17a-7374-95ed' },
    { name: 'Grand Canyon', latitude: 36.099763, longitude: -112.112485, resourceId: '375f-eb3e-71c0-ef5e' },
    { name: 'Stonehenge', latitude: 51.178882, longitude: -1.826215, resourceId: '1a57-6b1f-ec18-c5c8' },
    { name: 'The Colosseum', latitude: 41.89021, longitude: 12.492231, resourceId: '5f86-4c8f-2cb3-0215' },
    { name: 'Giza Pyramid Complex', latitude: 29.977296, longitude: 31.132496, resourceId: '8d10-f530-af85-5cbb' },
    { name: 'Taj Mahal', latitude: 27.175145, longitude: 78.042142, resourceId: 'b926-8fd2-ad3f-e4f5' },
    { name: 'Fort Peck', latitude: 48.30783, longitude: -105.1017, resourceId: '3ae7-2456-492c-9aba' },
    { name: 'Goodwin Creek', latitude: 34.2547, longitude: -89.8729, resourceId: 'b787-cf17-e429-ef1d' },
  ];

/** When the shared test sites were "created": fixed, so lists and answers are reproducible. */
export const TEST_SITES_CREATED_AT = Date.UTC(2020, 0, 1) / 1000;

/**
 * The PV configuration of a shared test site: a 1 MW (AC) / 1.2 MW (DC) fixed array tilted at
 * the latitude (rounded) and facing the equator, with the contract's defaults for the rest.
 */
export function testSiteConfig(loc: { name: string; latitude: number; longitude: number }): SiteConfigBase {
  return {
    name: `Test Site: ${loc.name}`,
    latitude: loc.latitude,
    longitude: loc.longitude,
    capacity: 1,
    capacity_dc: 1.2,
    install_date: '2020-01-01T00:00:00+00:00',
    tracking_type: 'fixed',
    azimuth: loc.latitude < 0 ? 0 : 180,
    tilt: Math.round(Math.abs(loc.latitude)),
    module_type: 'poly-si',
    ground_coverage_ratio: 0.36,
    inverter_peak_efficiency: 0.98,
    dust_soiling_average: new Array(12).fill(0.015),
    site_ground_albedo: 0.2,
    derating_other_system: 0.03,
  };
}

/** A SQL string literal. */
function sqlText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * SQL that inserts the shared test sites (owner NULL, unmetered) with their first configuration
 * version; run once by a migration (migrations are SQL text).
 */
export function testSitesSeedSql(): string {
  const t = TEST_SITES_CREATED_AT;
  return UNMETERED_LOCATIONS.map((loc) => {
    const config = sqlText(JSON.stringify(testSiteConfig(loc)));
    return `INSERT INTO sites (resource_id, kind, account_id, unmetered, name, latitude, longitude, config,
        created_at, updated_at, config_changed_at)
      VALUES (${sqlText(loc.resourceId)}, 'pv', NULL, 1, ${sqlText(`Test Site: ${loc.name}`)}, ${loc.latitude}, ${loc.longitude},
        ${config}, ${t}, ${t}, ${t});
      INSERT INTO site_config_history (site_id, valid_from, config)
      SELECT id, ${t}, ${config} FROM sites WHERE resource_id = ${sqlText(loc.resourceId)};`;
  }).join('\n');
}
