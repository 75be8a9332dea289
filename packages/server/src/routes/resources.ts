/**
 * PV and wind power sites (spec 2.1, 2.2, 4.6, 4.7; contract.md section 7):
 *
 *   GET/POST/PUT/PATCH/DELETE /resources/pv_power_site     GET /resources/pv_power_sites
 *   GET/POST/PUT/PATCH/DELETE /resources/wind_power_site   GET /resources/wind_power_sites
 *
 * The fields, their parsing and a site's view are fields/sites.ts and fields/site-input.ts.
 * Resource endpoints answer JSON when `format` is absent (a resource is a record, not a series to
 * chart).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { readSiteFields } from '../fields/site-input.js';
import { newSiteConfig, patchedSiteConfig, siteBodySchema, siteColumns, siteView } from '../fields/sites.js';
import { type RecordFormat, parseRecordFormat, responseVersion } from '../formats/version.js';
import { renderRecords } from '../formats/render.js';
import { type Account, requirePlan } from '../http/auth.js';
import { ApiError, badRequest, fieldError, forbidden, notFound } from '../http/errors.js';
import { EXAMPLE_SITE_IDS, recordDoc } from '../http/openapi.js';
import { UNMETERED_LOCATIONS } from '../storage/test-sites.js';
import { type FieldError, type ParamDef, readInstant, validateQuery } from '../http/params.js';
import {
  ReadOnlySiteError,
  ResourceIdTakenError,
  SiteConfigTooLargeError,
  SiteCountLimitError,
  type StoredSite,
  type Viewer,
} from '../storage/types.js';

/** Records in a format: CSV rows of `columns`, or `json` as JSON. */
function sendRecords(
  reply: FastifyReply,
  format: RecordFormat,
  columns: readonly string[],
  records: Record<string, unknown>[],
  json: unknown,
): FastifyReply {
  const { type, body } = renderRecords(format, columns, records, json);
  return reply.type(type).send(body);
}

const LIST_PARAMS: ParamDef[] = [
  { name: 'query', type: 'string', description: 'Case-insensitive substring of the site name or resource_id.' },
  { name: 'start', type: 'datetime', description: 'Keep sites created at or after this instant (ISO 8601).' },
  { name: 'end', type: 'datetime', description: 'Keep sites created before this instant (ISO 8601).' },
  {
    name: 'entitlement',
    type: 'enum',
    enum: ['advanced', 'premium'],
    description: 'advanced (PV sites) or premium (wind sites): a site list of the other entitlement is empty.',
  },
  {
    name: 'forecast_production',
    type: 'boolean',
    description:
      'true keeps only sites with machine-learning forecast production, which this server does not run: the list is then empty.',
  },
  {
    name: 'show_all',
    type: 'boolean',
    default: false,
    description: "Every account's sites (admin only; 403 otherwise).",
  },
  {
    name: 'skip',
    type: 'integer',
    minimum: 0,
    maximum: 2147483647,
    default: 0,
    description: 'Sites to skip (default 0; at most 2^31 - 1, as offset is an int32).',
  },
  {
    name: 'take',
    type: 'integer',
    minimum: 1,
    maximum: 1000,
    default: 100,
    description: 'Sites to return, 1 to 1000 (default 100).',
  },
  { name: 'format', type: 'string', description: 'json (default) or csv; `;version=3` asks for the paged object.' },
];

const ONE_PARAMS: ParamDef[] = [
  { name: 'resource_id', type: 'string', required: true, description: 'The site.' },
  { name: 'format', type: 'string', description: 'json (default) or csv.' },
];

/** The URL of a list request with its `skip` (any spelling of it) set to `skip`, the key left out. */
function nextPageUrl(url: string, skip: number): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const kept = query
    .split('&')
    .filter((pair) => pair !== '' && !/^(skip|api_?key)$/i.test(decodeURIComponentSafe(pair.split('=', 1)[0]!)));
  return `${path}?${[...kept, `skip=${skip}`].join('&')}`;
}

/** decodeURIComponent, or the text as it is when it is not valid percent-encoding. */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An optional date-time filter as Unix seconds, or a 400 naming it. */
function parseInstant(field: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const errors: FieldError[] = [];
  const instant = readInstant(field, text, errors);
  if (errors.length > 0) throw badRequest(errors);
  return instant;
}

/**
 * The site routes of both kinds, each with its OpenAPI operation. Every route needs the
 * `resources` plan family.
 */
export const resourceRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.solarkit;
  const { sites } = ctx.stores;
  for (const kind of ['pv', 'wind'] as const) {
    const one = kind === 'pv' ? '/resources/pv_power_site' : '/resources/wind_power_site';
    const many = kind === 'pv' ? '/resources/pv_power_sites' : '/resources/wind_power_sites';
    const order = siteColumns(kind);
    const what = kind === 'pv' ? 'PV power site' : 'wind power site';
    // The documentation's examples: a site made by the POST example (on the example runner's
    // throwaway database), read, replaced, patched and, last of all, deleted.
    const exampleId = EXAMPLE_SITE_IDS[kind];
    const exampleSite =
      kind === 'pv'
        ? {
            resource_id: exampleId,
            name: 'Example roof',
            latitude: -33.86,
            longitude: 151.21,
            capacity: 5,
            capacity_dc: 6,
            install_date: '2024-03-01',
            tracking_type: 'fixed',
            tilt: 25,
            azimuth: 0,
          }
        : {
            resource_id: exampleId,
            name: 'Example farm',
            latitude: -31.9,
            longitude: 115.9,
            capacity: 40,
            number_of_turbines: 10,
            hub_height: 90,
          };
    const readId = kind === 'pv' ? UNMETERED_LOCATIONS[0]!.resourceId : exampleId;

    const viewerOf = (request: FastifyRequest): { account: Account; viewer: Viewer } => {
      const account = requirePlan(request, 'resources');
      return { account, viewer: { accountId: account.id } };
    };
    const missing = (rid: string): ApiError => notFound(`No ${what} with resource_id '${rid}'.`);
    const respondSite = (request: FastifyRequest, reply: FastifyReply, site: StoredSite) => {
      const { format } = parseRecordFormat(request.query);
      const view = siteView(site);
      return sendRecords(reply, format, order, [view], view);
    };
    const guarded = async <T>(rid: string, viewer: Viewer, fn: () => Promise<T>): Promise<T> => {
      try {
        return await fn();
      } catch (e) {
        if (e instanceof ReadOnlySiteError)
          throw forbidden(`'${rid}' is a shared test site: it cannot be changed or deleted.`);
        if (e instanceof ResourceIdTakenError) {
          // A site of another account is one the caller may not see: 404, as for every method
          // (contract section 5), never a 409 that would tell that it exists.
          if ((await sites.getSite(undefined, rid, viewer)) === undefined) throw missing(rid);
          throw new ApiError(409, 'Conflict', `resource_id '${rid}' is already in use.`, [
            fieldError('Unique', 'resource_id', `resource_id '${rid}' is already in use.`),
          ]);
        }
        if (e instanceof SiteConfigTooLargeError) {
          const message =
            `The site's configuration would be ${e.bytes} bytes of JSON; a site may store at most ${e.limit} bytes ` +
            "(the server's maxConfigBytes). Send fewer or shorter zenith coefficients.";
          throw new ApiError(413, 'PayloadTooLarge', message, [
            fieldError('MaxConfigBytes', 'body', message, { Limit: e.limit, Size: e.bytes }),
          ]);
        }
        if (e instanceof SiteCountLimitError) {
          const message = `An account may have at most ${e.limit} sites (the server's maxSitesPerAccount); delete one to create another.`;
          throw new ApiError(403, 'Forbidden', message, [
            fieldError('MaxSitesPerAccount', 'resource_id', message, { Limit: e.limit }),
          ]);
        }
        throw e;
      }
    };

    app.get(
      one,
      {
        config: { openapi: recordDoc(`Read one ${what}`, ONE_PARAMS, { example: { query: { resource_id: readId } } }) },
      },
      async (request, reply) => {
        const { viewer } = viewerOf(request);
        const { resource_id: rid } = validateQuery(ONE_PARAMS, request.query) as { resource_id: string };
        parseRecordFormat(request.query);
        const site = await sites.getSite(kind, rid, viewer);
        if (!site) throw missing(rid);
        return respondSite(request, reply, site);
      },
    );

    app.post(
      one,
      {
        config: {
          openapi: recordDoc(`Create a ${what} (fields in a JSON body or the query string)`, [], {
            requestBody: siteBodySchema(kind, 'create'),
            example: { body: exampleSite },
          }),
        },
      },
      async (request, reply) => {
        const { account, viewer } = viewerOf(request);
        const fields = readSiteFields(kind, 'create', request.body, request.query);
        parseRecordFormat(request.query);
        const now = ctx.clock.now();
        const config = newSiteConfig(kind, fields, now);
        const rid = fields.resource_id as string | undefined;
        const site = await guarded(rid ?? '', viewer, () =>
          sites.createSite(kind, account.id, rid, config, now, ctx.siteLimits),
        );
        return respondSite(request, reply, site);
      },
    );

    app.put(
      one,
      {
        config: {
          openapi: recordDoc(`Replace a ${what}`, [], {
            requestBody: siteBodySchema(kind, 'replace'),
            example: { body: { ...exampleSite, capacity: exampleSite.capacity * 2 } },
          }),
        },
      },
      async (request, reply) => {
        const { viewer } = viewerOf(request);
        const fields = readSiteFields(kind, 'replace', request.body, request.query);
        parseRecordFormat(request.query);
        const rid = fields.resource_id as string;
        const now = ctx.clock.now();
        const site = await guarded(rid, viewer, () =>
          sites.updateSite(kind, rid, viewer, () => newSiteConfig(kind, fields, now), now, ctx.siteLimits),
        );
        if (!site) throw missing(rid);
        return respondSite(request, reply, site);
      },
    );

    app.patch(
      one,
      {
        config: {
          openapi: recordDoc(`Change some fields of a ${what}`, [], {
            requestBody: siteBodySchema(kind, 'patch'),
            example: { body: { resource_id: exampleId, name: `${exampleSite.name} (renamed)` } },
          }),
        },
      },
      async (request, reply) => {
        const { viewer } = viewerOf(request);
        const fields = readSiteFields(kind, 'patch', request.body, request.query);
        parseRecordFormat(request.query);
        const rid = fields.resource_id as string;
        const now = ctx.clock.now();
        const site = await guarded(rid, viewer, () =>
          sites.updateSite(
            kind,
            rid,
            viewer,
            (current) => patchedSiteConfig(kind, current, fields),
            now,
            ctx.siteLimits,
          ),
        );
        if (!site) throw missing(rid);
        return respondSite(request, reply, site);
      },
    );

    app.delete(
      one,
      {
        config: {
          openapi: recordDoc(`Delete a ${what} with its measurements`, ONE_PARAMS, {
            example: { query: { resource_id: exampleId } },
          }),
        },
      },
      async (request, reply) => {
        const { viewer } = viewerOf(request);
        const { resource_id: rid } = validateQuery(ONE_PARAMS, request.query) as { resource_id: string };
        parseRecordFormat(request.query);
        const site = await sites.getSite(kind, rid, viewer);
        if (!site) throw missing(rid);
        await guarded(rid, viewer, () => sites.deleteSite(kind, rid, viewer));
        return respondSite(request, reply, site);
      },
    );

    app.get(
      many,
      {
        config: { openapi: recordDoc(`List ${what}s`, LIST_PARAMS, { example: { query: { take: '2' } } }) },
      },
      async (request, reply) => {
        const { account, viewer } = viewerOf(request);
        const p = validateQuery(LIST_PARAMS, request.query);
        const { format, version3 } = parseRecordFormat(request.query);
        if (p.show_all === true) {
          if (!account.admin) throw forbidden("'show_all' needs an admin account.");
          viewer.all = true;
        }
        const createdFrom = parseInstant('start', p.start as string | undefined);
        const createdBefore = parseInstant('end', p.end as string | undefined);
        const skip = p.skip as number;
        const take = p.take as number;
        const wrongEntitlement =
          p.entitlement !== undefined && p.entitlement !== (kind === 'pv' ? 'advanced' : 'premium');
        const page =
          wrongEntitlement || p.forecast_production === true
            ? { total: 0, results: [] as StoredSite[] }
            : await sites.listSites({
                kind,
                viewer,
                skip,
                take,
                maxBytes: ctx.siteLimits.maxListBytes,
                ...(p.query !== undefined ? { query: p.query as string } : {}),
                ...(createdFrom !== undefined ? { createdFrom } : {}),
                ...(createdBefore !== undefined ? { createdBefore } : {}),
              });
        const views = page.results.map(siteView);
        const v3 = responseVersion(account, version3, ctx.clock.now()) === '3';
        // A page cut short by its bytes (maxListBytes): the next one starts after it, said in
        // `meta.next_skip` and in a Link header (which legacy arrays and CSV carry too).
        const next = skip + views.length;
        const cut = views.length < take && next < page.total;
        if (cut) reply.header('link', `<${nextPageUrl(request.url, next)}>; rel="next"`);
        return sendRecords(
          reply,
          format,
          order,
          views,
          v3 ? { offset: skip, total: page.total, results: views, meta: cut ? { next_skip: next } : {} } : views,
        );
      },
    );
  }
};
