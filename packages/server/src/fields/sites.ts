/**
 * The fields of PV and wind power sites (spec 2.1, 2.2; contract.md section 7): each field is
 * declared once (a `ParamDef`, which also feeds the OpenAPI document) with the range this server
 * enforces; the defaults and required fields; the stored configuration a create, replace or patch
 * makes; and a site as the API shows it. Reading the fields from a request is site-input.ts.
 */
import { formatTimestamp } from 'solarkit';
import { type FieldError, badRequest, fieldError } from '../http/errors.js';
import { paramSchema } from '../http/openapi.js';
import type { ParamDef } from '../http/params.js';
import type { SiteConfigBase, SiteKind, StoredSite } from '../storage/types.js';

/**
 * Largest capacity (AC or DC) a site may declare, MW: ten terawatts, above any plant and above
 * the largest wind farm spec 2.2's ranges allow (15,000 MW x 500 turbines). Without a bound a
 * capacity near 1e308 makes the power series overflow to Infinity, which JSON cannot carry.
 */
const MAX_CAPACITY_MW = 1e7;

const common: ParamDef[] = [
  {
    name: 'resource_id',
    type: 'string',
    description: 'Unique identifier of the site (1 to 64 letters, digits, _ . -); generated when a create omits it.',
    example: 'ba75-e17a-7374-95ed',
  },
  { name: 'name', type: 'string', description: 'Site name (1 to 200 characters).' },
  { name: 'latitude', type: 'number', minimum: -90, maximum: 90, description: 'Decimal degrees, -90 to 90.' },
  { name: 'longitude', type: 'number', minimum: -180, maximum: 180, description: 'Decimal degrees, -180 to 180.' },
  {
    name: 'capacity',
    type: 'number',
    exclusiveMinimum: 0,
    maximum: MAX_CAPACITY_MW,
    description: 'AC (inverter) capacity, MW; greater than 0, at most 1e7.',
  },
];

const gridExportLimit: ParamDef = {
  name: 'grid_export_limit',
  type: 'number',
  minimum: -1,
  description:
    'Maximum export to the grid, MW: >= 0 sets a limit, -1 (or omitting it) means none. A change applies to periods ending after it was made.',
};

/** Fields of a PV power site (spec 2.1), with the ranges this server enforces. */
export const PV_SITE_FIELDS: readonly ParamDef[] = [
  ...common,
  {
    name: 'capacity_dc',
    type: 'number',
    exclusiveMinimum: 0,
    maximum: MAX_CAPACITY_MW,
    description: 'DC (module) capacity, MW; greater than 0, at most 1e7. Default at creation: capacity.',
  },
  {
    name: 'install_date',
    type: 'datetime',
    description: 'Installation date (ISO 8601); drives age derating. Default at creation: the day of creation.',
  },
  {
    name: 'tracking_type',
    type: 'enum',
    enum: ['fixed', 'horizontal_single_axis'],
    description: 'fixed (default) or horizontal_single_axis.',
  },
  {
    name: 'azimuth',
    type: 'number',
    minimum: -180,
    maximum: 180,
    description: 'Module azimuth, degrees from north, -90 east, 90 west, 180 south. Absent: facing the equator.',
  },
  {
    name: 'tilt',
    type: 'number',
    minimum: 0,
    maximum: 90,
    description: 'Module tilt of a fixed site, degrees 0 to 90. Absent: from the latitude.',
  },
  {
    name: 'bifacial_system',
    type: 'boolean',
    description: 'Whether modules also produce from the rear side (default false).',
  },
  {
    name: 'bifaciality_factor',
    type: 'number',
    minimum: 0,
    maximum: 1,
    description: 'Rear efficiency as a fraction of the front, 0 to 1 (default 0.7 when bifacial).',
  },
  {
    name: 'clearsky_zenith_coefficients',
    type: 'string',
    description: 'JSON array of {day_of_year (1 to 366), signed_zenith_coefficients (object)}; stored and echoed.',
  },
  { name: 'cloudy_zenith_coefficients', type: 'string', description: 'Same, for cloudy sky.' },
  {
    name: 'derating_age_system',
    type: 'number',
    minimum: 0,
    maximum: 0.1,
    description: 'Fraction of output lost per year since install_date, 0 to 0.1. Absent: from module_type.',
  },
  {
    name: 'derating_other_system',
    type: 'number',
    minimum: 0,
    maximum: 1,
    description: 'Other system losses (wiring...), fraction 0 to 1 (default 0.03).',
  },
  {
    name: 'derating_temp_module',
    type: 'number',
    minimum: -0.1,
    maximum: 0.1,
    description:
      'Temperature coefficient of power, per degree C; its magnitude is used as a loss above 25 C. Absent: from module_type.',
  },
  {
    name: 'dust_soiling_average',
    type: 'number[]',
    minimum: 0,
    maximum: 1,
    description:
      'Fraction lost to dust soiling: 12 monthly values (January first), or 1, 2, 3, 4 or 6 values each covering 12/n consecutive months from January. Default twelve values of 0.015.',
  },
  gridExportLimit,
  {
    name: 'ground_coverage_ratio',
    type: 'number',
    minimum: 0.01,
    maximum: 1,
    description: 'Module area over ground area, 0.01 to 1 (default 0.36).',
  },
  {
    name: 'inverter_peak_efficiency',
    type: 'number',
    minimum: 0.01,
    maximum: 1,
    description: 'Peak inverter efficiency, 0.01 to 1 (default 0.98).',
  },
  {
    name: 'module_type',
    type: 'enum',
    enum: ['poly-si', 'mono-si', 'multi-si', 'hit', 'cdte', 'cigs', 'a-si'],
    description: 'Module technology (default poly-si).',
  },
  {
    name: 'pvrow_height',
    type: 'number',
    exclusiveMinimum: 0,
    maximum: 50,
    description: 'Row height, ground to row centre, metres (bifacial).',
  },
  {
    name: 'pvrow_width',
    type: 'number',
    exclusiveMinimum: 0,
    maximum: 50,
    description: 'Row cross-section width, metres (bifacial).',
  },
  {
    name: 'site_ground_albedo',
    type: 'number',
    minimum: 0,
    maximum: 1,
    description: 'Ground albedo, 0 to 1 (default 0.2).',
  },
  {
    name: 'terrain_azimuth',
    type: 'number',
    minimum: -180,
    maximum: 180,
    description: 'Downhill direction of the terrain, degrees (as azimuth).',
  },
  { name: 'terrain_slope', type: 'number', minimum: 0, maximum: 60, description: 'Terrain slope, degrees 0 to 60.' },
  {
    name: 'tracker_axis_azimuth',
    type: 'number',
    minimum: -180,
    maximum: 180,
    description: 'Tracker axis azimuth off north-south, degrees (default 0).',
  },
  { name: 'tracker_back_tracking', type: 'boolean', description: 'Whether trackers backtrack (default true).' },
  {
    name: 'tracker_max_rotation_angle',
    type: 'number',
    minimum: 0,
    maximum: 90,
    description: 'Largest tracker rotation, degrees 0 to 90 (default 60).',
  },
  {
    name: 'tracker_smart_tracking',
    type: 'boolean',
    description: 'Whether trackers go flat in overcast periods (default false).',
  },
];

/** Fields of a wind power site (spec 2.2). */
export const WIND_SITE_FIELDS: readonly ParamDef[] = [
  ...common,
  {
    name: 'rotor_diameter',
    type: 'number',
    minimum: 20,
    maximum: 200,
    description: 'Average rotor diameter, m, 20 to 200 (default 100).',
  },
  {
    name: 'rated_power',
    type: 'number',
    minimum: 0.1,
    maximum: 15000,
    description: 'Average turbine rated power, MW, 0.1 to 15000. Absent: capacity / number_of_turbines.',
  },
  {
    name: 'hub_height',
    type: 'number',
    minimum: 10,
    maximum: 200,
    description: 'Average hub height, m, 10 to 200 (default 80).',
  },
  {
    name: 'number_of_turbines',
    type: 'integer',
    minimum: 1,
    maximum: 500,
    description: 'Number of turbines, 1 to 500 (default 1).',
  },
  {
    name: 'cut_in_wind_speed',
    type: 'number',
    minimum: 0,
    maximum: 10,
    description: 'Cut-in wind speed, m/s, 0 to 10 (default 3).',
  },
  {
    name: 'cut_out_wind_speed',
    type: 'number',
    minimum: 15,
    maximum: 35,
    description: 'Cut-out wind speed, m/s, 15 to 35 (default 25).',
  },
  {
    name: 'rated_wind_speed',
    type: 'number',
    minimum: 8,
    maximum: 20,
    description: 'Wind speed of rated power, m/s, 8 to 20 (default 12); above cut-in, below cut-out.',
  },
  {
    name: 'allow_negative_power',
    type: 'boolean',
    description: 'Whether predictions may hold negative power (default false).',
  },
  gridExportLimit,
];

/** Defaults applied when a PV site is created or replaced (contract.md section 7). */
export const PV_SITE_DEFAULTS: Readonly<Record<string, unknown>> = {
  tracking_type: 'fixed',
  module_type: 'poly-si',
  ground_coverage_ratio: 0.36,
  inverter_peak_efficiency: 0.98,
  dust_soiling_average: [0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015, 0.015],
  site_ground_albedo: 0.2,
  derating_other_system: 0.03,
};

/** Defaults of a wind site (spec 2.2). */
export const WIND_SITE_DEFAULTS: Readonly<Record<string, unknown>> = {
  rotor_diameter: 100,
  hub_height: 80,
  number_of_turbines: 1,
  cut_in_wind_speed: 3,
  cut_out_wind_speed: 25,
  rated_wind_speed: 12,
  allow_negative_power: false,
};

/** Output order of a site's fields in JSON and CSV. */
const PV_ORDER = [...PV_SITE_FIELDS.map((d) => d.name), 'is_unmetered'];
const WIND_ORDER = [...WIND_SITE_FIELDS.map((d) => d.name)];

/** The fields of a site kind. */
export function siteFields(kind: SiteKind): readonly ParamDef[] {
  return kind === 'pv' ? PV_SITE_FIELDS : WIND_SITE_FIELDS;
}

/** The columns of a site kind in JSON and CSV, in spec order. */
export function siteColumns(kind: SiteKind): readonly string[] {
  return kind === 'pv' ? PV_ORDER : WIND_ORDER;
}

/** What a request does with a site's fields: create one, replace all of them, or change some. */
export type SiteWrite = 'create' | 'replace' | 'patch';

/** Fields a body must carry, by kind and operation (spec 2.1 'Req' column, 4.7). */
export const REQUIRED_SITE_FIELDS: Record<SiteKind, Record<SiteWrite, readonly string[]>> = {
  pv: {
    create: ['name', 'latitude', 'longitude', 'capacity'],
    replace: [
      'resource_id',
      'name',
      'latitude',
      'longitude',
      'capacity',
      'capacity_dc',
      'install_date',
      'tracking_type',
    ],
    patch: ['resource_id'],
  },
  wind: {
    create: ['name', 'latitude', 'longitude', 'capacity'],
    replace: ['resource_id', 'name', 'latitude', 'longitude', 'capacity'],
    patch: ['resource_id'],
  },
};
/** Rules across fields, checked on the configuration that would be stored. */
function checkCombined(kind: SiteKind, config: Record<string, unknown>): void {
  const errors: FieldError[] = [];
  if (kind === 'wind') {
    const cutIn = config.cut_in_wind_speed as number;
    const rated = config.rated_wind_speed as number;
    const cutOut = config.cut_out_wind_speed as number;
    if (!(rated > cutIn)) {
      errors.push(
        fieldError(
          'GreaterThan',
          'rated_wind_speed',
          `'rated_wind_speed' must be greater than 'cut_in_wind_speed' (${cutIn}).`,
        ),
      );
    }
    if (!(cutOut > rated)) {
      errors.push(
        fieldError(
          'GreaterThan',
          'cut_out_wind_speed',
          `'cut_out_wind_speed' must be greater than 'rated_wind_speed' (${rated}).`,
        ),
      );
    }
  }
  if (errors.length > 0) throw badRequest(errors);
}

/** What a -1 grid_export_limit means: no limit, stored as the field's absence. */
function dropNoLimit(config: Record<string, unknown>): Record<string, unknown> {
  if (config.grid_export_limit === -1) delete config.grid_export_limit;
  return config;
}

/** The stored configuration of a new (or fully replaced) site. */
export function newSiteConfig(kind: SiteKind, fields: Record<string, unknown>, now: number): SiteConfigBase {
  const config: Record<string, unknown> = { ...(kind === 'pv' ? PV_SITE_DEFAULTS : WIND_SITE_DEFAULTS) };
  if (kind === 'pv') {
    config.capacity_dc = fields.capacity;
    config.install_date = formatTimestamp(Math.floor(now / 86400) * 86400, 'v3');
  }
  for (const [k, v] of Object.entries(fields)) if (k !== 'resource_id') config[k] = v;
  dropNoLimit(config);
  checkCombined(kind, config);
  return config as SiteConfigBase;
}

/** A stored configuration with a patch applied. */
export function patchedSiteConfig(
  kind: SiteKind,
  current: SiteConfigBase,
  fields: Record<string, unknown>,
): SiteConfigBase {
  const config: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(fields)) if (k !== 'resource_id') config[k] = v;
  dropNoLimit(config);
  checkCombined(kind, config);
  return config as SiteConfigBase;
}

/** A site as the API shows it: resource_id first, then the fields in spec order. */
export function siteView(site: StoredSite): Record<string, unknown> {
  const order = siteColumns(site.kind);
  const out: Record<string, unknown> = {};
  const src: Record<string, unknown> = { ...site.config, resource_id: site.resourceId };
  if (site.kind === 'pv') src.is_unmetered = site.unmetered;
  for (const k of order) if (src[k] !== undefined) out[k] = src[k];
  return out;
}

/** JSON schema of a site body for an operation (the OpenAPI document), from the field definitions. */
export function siteBodySchema(kind: SiteKind, mode: SiteWrite): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const d of siteFields(kind)) {
    properties[d.name] = d.name.endsWith('_zenith_coefficients')
      ? { type: 'array', items: { type: 'object' }, description: d.description }
      : { ...paramSchema(d), description: d.description };
  }
  return { type: 'object', required: [...REQUIRED_SITE_FIELDS[kind][mode]], properties };
}
