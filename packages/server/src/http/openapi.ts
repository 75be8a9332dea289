/**
 * The OpenAPI 3 document of the whole API, built from the same parameter definitions that
 * validate requests (products/params.ts): every route carries its operation, with an example
 * request, in its route options (`config.openapi`, a `RouteDoc`), the composition root's onRoute
 * hook records it here as the route is declared, and `/openapi.json` serves the result. The example answers are real: the
 * composition root gives the registry a runner that sends the example requests to an in-memory
 * twin of the server (same clock, weather and places, its own throwaway database) the first
 * time the document is asked for. `/docs` renders the document (docs-page.ts).
 */
import type { RouteOptions } from 'fastify';
import { sunPosition } from 'solarkit';
import type { Clock } from 'solarkit/internal';
import type { OutputDoc } from '../products/outputs.js';
import { UNMETERED_LOCATIONS } from '../storage/test-sites.js';
import type { ParamDef } from './params.js';

export interface OperationDoc {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. `/data/live/radiation_and_weather` or `/utility_scale_sites/{resource_id}/measurements`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Query parameters (path parameters are given in `pathParams`). */
  params: readonly ParamDef[];
  pathParams?: readonly { name: string; description: string }[];
  /** JSON schema of the request body, when there is one. */
  requestBody?: Record<string, unknown>;
  /** JSON schema of the 200 body (JSON form). */
  responseSchema?: Record<string, unknown>;
  /** Other media types of the 200 body besides application/json. */
  responseTypes?: string[];
  /** The example request of the documentation (its answer comes from the example runner). */
  example?: OperationExample;
}

/**
 * The operation a route documents in its options (`config: { openapi }`): an OperationDoc
 * without the method and the path, which the route itself gives (with any prefix).
 */
export type RouteDoc = Omit<OperationDoc, 'method' | 'path'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's OpenAPI operation, recorded in the server's OpenApiRegistry when the route is declared. */
    openapi?: RouteDoc;
  }
}

const DOCUMENTED_METHODS: readonly string[] = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
] satisfies OperationDoc['method'][];

function isDocumentedMethod(method: string): method is OperationDoc['method'] {
  return DOCUMENTED_METHODS.includes(method);
}

/** An example request: query values, path parameter values and a JSON body, as text. */
export interface OperationExample {
  query?: Record<string, string>;
  path?: Record<string, string>;
  body?: unknown;
  /**
   * For an example whose window follows the clock (live, forecast): shown in daylight whatever
   * the hour. When the document is built, the place (`latitude`, `longitude`: `by: 'place'`) or
   * the shared test site (`resource_id`: `by: 'site'`) becomes the unmetered location where the
   * sun is highest `offsetSeconds` from now (the middle of the example's window).
   */
  daylight?: { by: 'place' | 'site'; offsetSeconds: number };
}

/**
 * The unmetered location (contract section 6) where the sun is highest at an instant.
 *
 * @example daylitLocation(Date.UTC(2026, 10, 20, 11, 0) / 1000).name // => 'Giza Pyramid Complex'
 */
export function daylitLocation(unixSeconds: number): (typeof UNMETERED_LOCATIONS)[number] {
  let best = UNMETERED_LOCATIONS[0]!;
  let highest = Number.NEGATIVE_INFINITY;
  for (const loc of UNMETERED_LOCATIONS) {
    const elevation = sunPosition(unixSeconds, loc.latitude, loc.longitude).elevation;
    if (elevation > highest) {
      highest = elevation;
      best = loc;
    }
  }
  return best;
}

/** An example with its `daylight` rule applied at `now` (Unix seconds); others as they are. */
export function resolveExample(example: OperationExample, now: number): OperationExample {
  const { daylight, ...rest } = example;
  if (daylight === undefined) return rest;
  const loc = daylitLocation(now + daylight.offsetSeconds);
  const query =
    daylight.by === 'place'
      ? { ...rest.query, latitude: String(loc.latitude), longitude: String(loc.longitude) }
      : { ...rest.query, resource_id: loc.resourceId };
  return { ...rest, query };
}

/**
 * The JSON schema of a series response (`estimated_actuals` or `forecasts`: rows of value fields,
 * then `period_end` and `period`), each value field with its description and unit (`x-unit`,
 * also written at the end of the description for viewers that show only that).
 */
export function seriesResponseSchema(key: 'estimated_actuals' | 'forecasts', outputs: readonly OutputDoc[]) {
  const fields: Record<string, Record<string, unknown>> = {};
  for (const o of outputs) {
    fields[o.name] = {
      type: o.unit === 'text' ? 'string' : 'number',
      nullable: true,
      description: `${o.description} Unit: ${o.unit}.`,
      'x-unit': o.unit,
    };
  }
  return {
    type: 'object',
    properties: {
      [key]: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            ...fields,
            period_end: { type: 'string', format: 'date-time', description: 'End of the period the values describe.' },
            period: { type: 'string', format: 'duration', description: 'Length of the period, ISO 8601 (PT30M).' },
          },
        },
      },
    },
  };
}

/** One example request as the runner sends it, and what it answered. */
export interface ExampleRequest {
  method: OperationDoc['method'];
  url: string;
  body?: unknown;
}
export interface ExampleAnswer {
  status: number;
  body: unknown;
}

/** Sends example requests, in order, to a server like this one; answers in the same order. */
export type ExampleRunner = (requests: readonly ExampleRequest[]) => Promise<ExampleAnswer[]>;

/**
 * The sites the documentation's examples create (POST) and then use (measurements, wind power)
 * on the example runner's throwaway database; the PV examples of reading use the shared test
 * site of Sydney.
 */
export const EXAMPLE_SITE_IDS = { pv: 'example-pv-site', wind: 'example-wind-site' } as const;

/** Lists of records (rows, sites, measurements) longer than this are cut in the documented example answers. */
export const EXAMPLE_ITEMS = 3;

/** A JSON value with every list of records cut to its first EXAMPLE_ITEMS (lists of numbers stay whole). */
function shortened(value: unknown): unknown {
  if (Array.isArray(value)) {
    const records = value.some((v) => v !== null && typeof v === 'object');
    return (records ? value.slice(0, EXAMPLE_ITEMS) : value).map(shortened);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shortened(v)]));
  }
  return value;
}

/** The path of an example request: path parameters filled in, then the query. */
export function exampleUrl(path: string, example: OperationExample): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(example.path?.[name] ?? `{${name}}`),
  );
  const query = new URLSearchParams(example.query ?? {}).toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * The example query of an endpoint from its parameter definitions: every required parameter with
 * its documented example, a short window where the endpoint takes one (`hours=2`, a `duration`
 * of two hours), and `format=json`; `extra` wins.
 *
 * @example exampleQuery([LATITUDE, LONGITUDE]) // { latitude: '-33.856784', longitude: '151.215297', format: 'json' }
 */
export function exampleQuery(defs: readonly ParamDef[], extra: Record<string, string> = {}): Record<string, string> {
  const q: Record<string, string> = {};
  for (const d of defs) {
    if (d.required && d.example !== undefined) q[d.name] = d.example;
    else if (d.name === 'hours') q.hours = '2';
    else if (d.name === 'duration' && defs.some((x) => x.name === 'start')) q.duration = 'PT2H';
  }
  if (defs.some((d) => d.name === 'format')) q.format = 'json';
  return { ...q, ...extra };
}

/** JSON schema of one parameter, from its definition. */
export function paramSchema(def: ParamDef): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  const bounds = (t: Record<string, unknown>): Record<string, unknown> => {
    if (def.minimum !== undefined) t.minimum = def.minimum;
    if (def.maximum !== undefined) t.maximum = def.maximum;
    // OpenAPI 3.0 (JSON Schema draft 4 style): an exclusive bound is the bound plus a boolean flag.
    if (def.exclusiveMinimum !== undefined) {
      t.minimum = def.exclusiveMinimum;
      t.exclusiveMinimum = true;
    }
    if (def.exclusiveMaximum !== undefined) {
      t.maximum = def.exclusiveMaximum;
      t.exclusiveMaximum = true;
    }
    if (def.step !== undefined) t.multipleOf = def.step;
    return t;
  };
  switch (def.type) {
    case 'number':
      Object.assign(s, bounds({ type: 'number', format: 'double' }));
      break;
    case 'integer':
      Object.assign(s, bounds({ type: 'integer', format: 'int32' }));
      break;
    case 'boolean':
      s.type = 'boolean';
      break;
    case 'string':
      s.type = 'string';
      break;
    case 'enum':
      s.type = 'string';
      s.enum = [...(def.enum ?? [])];
      break;
    case 'datetime':
      s.type = 'string';
      s.format = 'date-time';
      break;
    case 'duration':
      s.type = 'string';
      s.format = 'duration';
      break;
    case 'string[]':
      s.type = 'array';
      s.items = { type: 'string' };
      break;
    case 'number[]':
      s.type = 'array';
      s.items = bounds({ type: 'number', format: 'double' });
      break;
    case 'enum[]':
      s.type = 'array';
      s.items = { type: 'string', enum: [...(def.enum ?? [])] };
      break;
  }
  if (def.default !== undefined) s.default = def.default;
  return s;
}

const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    response_status: {
      type: 'object',
      properties: {
        error_code: { type: 'string' },
        message: { type: 'string' },
        stack_trace: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              error_code: { type: 'string' },
              field_name: { type: 'string' },
              message: { type: 'string' },
              meta: { type: 'object' },
            },
          },
        },
        meta: { type: 'object' },
      },
    },
  },
};

/** Collects the operations of every route and builds the document. */
export class OpenApiRegistry {
  private readonly ops: OperationDoc[] = [];
  private runner: ExampleRunner | undefined;
  private clock: Clock | undefined;
  private answers: Promise<Map<OperationDoc, ExampleAnswer>> | undefined;
  /** The examples as run (daylight rules applied), set with the answers. */
  private readonly examples = new Map<OperationDoc, OperationExample>();

  add(op: OperationDoc): void {
    this.ops.push(op);
  }

  /**
   * Records the operation a route carries in `config.openapi` (the composition root's onRoute
   * hook calls it for every route, so a route is documented where its handler is declared):
   * the route's method and its full path, `:name` written `{name}`. The HEAD twin fastify adds
   * to a GET route is not an operation of its own.
   */
  addRoute(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): void {
    const doc = route.config?.openapi;
    if (doc === undefined) return;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!isDocumentedMethod(method))
        throw new Error(`${method} ${route.url}: an OpenAPI operation is GET, POST, PUT, PATCH or DELETE`);
      this.add({ method, path, ...doc });
    }
  }

  operations(): readonly OperationDoc[] {
    return this.ops;
  }

  /**
   * Where the example answers come from (set by the composition root; none: no answers), and the
   * clock that places the examples whose window follows it in daylight.
   */
  setExampleRunner(runner: ExampleRunner, clock?: Clock): void {
    this.runner = runner;
    this.clock = clock;
    this.answers = undefined;
  }

  /** An operation's example as the document shows it (its daylight rule applied when the answers were asked for). */
  private exampleOf(op: OperationDoc): OperationExample | undefined {
    return this.examples.get(op) ?? (op.example === undefined ? undefined : resolveExample(op.example, this.now()));
  }

  private now(): number {
    return this.clock?.now() ?? Date.now() / 1000;
  }

  /**
   * The answers to the example requests, asked for once. They run in an order that lets them
   * build on each other: creations (POST) first in registration order (a site before its
   * measurements), then replacements, changes and reads, then deletions in reverse registration
   * order (a site's measurements before the site).
   */
  exampleAnswers(): Promise<Map<OperationDoc, ExampleAnswer>> {
    this.answers ??= (async () => {
      const withExample = this.ops.filter((op) => op.example !== undefined);
      const now = this.now();
      this.examples.clear();
      for (const op of withExample) this.examples.set(op, resolveExample(op.example!, now));
      const rank = { POST: 0, PUT: 1, PATCH: 2, GET: 3, DELETE: 4 } as const;
      const ordered = withExample
        .map((op, i) => ({ op, i }))
        .sort((a, b) => rank[a.op.method] - rank[b.op.method] || (a.op.method === 'DELETE' ? b.i - a.i : a.i - b.i))
        .map(({ op }) => op);
      const out = new Map<OperationDoc, ExampleAnswer>();
      if (!this.runner || ordered.length === 0) return out;
      const answers = await this.runner(
        ordered.map((op) => {
          const example = this.examples.get(op)!;
          return {
            method: op.method,
            url: exampleUrl(op.path, example),
            ...(example.body !== undefined ? { body: example.body } : {}),
          };
        }),
      );
      ordered.forEach((op, i) => out.set(op, answers[i]!));
      return out;
    })();
    return this.answers;
  }

  /** The OpenAPI document, with the example requests and their (shortened) answers. */
  async document(serverUrl?: string): Promise<Record<string, unknown>> {
    const answers = await this.exampleAnswers();
    const paths: Record<string, Record<string, unknown>> = {};
    for (const op of this.ops) {
      const shown = this.exampleOf(op);
      const example = shown ?? {};
      const parameters = [
        ...(op.pathParams ?? []).map((p) => ({
          name: p.name,
          in: 'path',
          required: true,
          description: p.description,
          schema: { type: 'string' },
          ...(example.path?.[p.name] !== undefined ? { example: example.path[p.name] } : {}),
        })),
        ...op.params.map((d) => ({
          name: d.name,
          in: 'query',
          required: d.required === true,
          description: d.description,
          schema: paramSchema(d),
          ...(d.type.endsWith('[]') ? { style: 'form', explode: true } : {}),
          ...(example.query?.[d.name] !== undefined
            ? { example: example.query[d.name] }
            : d.example !== undefined
              ? { example: d.example }
              : {}),
        })),
      ];
      const answer = answers.get(op);
      const json: Record<string, unknown> = { schema: op.responseSchema ?? { type: 'object' } };
      if (answer && answer.status >= 200 && answer.status < 300) json.example = shortened(answer.body);
      const content: Record<string, unknown> = { 'application/json': json };
      for (const t of op.responseTypes ?? []) content[t] = { schema: { type: 'string' } };
      const operation: Record<string, unknown> = {
        operationId: `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        tags: op.tags,
        parameters,
        responses: {
          200: { description: 'Success', content },
          400: {
            description: 'Invalid parameter',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
          },
          401: {
            description: 'No valid API key',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
          },
          403: {
            description: 'The plan does not include this endpoint',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
          },
          429: {
            description: 'Rate limit or daily quota exceeded',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
          },
        },
      };
      if (op.requestBody || example.body !== undefined) {
        operation.requestBody = {
          required: true,
          content: {
            'application/json': {
              schema: op.requestBody ?? { type: 'object' },
              ...(example.body !== undefined ? { example: example.body } : {}),
            },
          },
        };
      }
      if (shown) operation['x-example-url'] = exampleUrl(op.path, shown);
      (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
    }
    return {
      openapi: '3.0.3',
      info: {
        title: 'Solar Data and Site Resource API (solarkit)',
        version: '1.0.0',
        description:
          'Self-hosted implementation of the Solar Data and Site Resource API. Parameter names are matched ' +
          'case-insensitively with or without underscores; list parameters accept repeated keys, comma-joined values or ' +
          "the bracketed form ['a','b']. See docs/api.md.",
      },
      ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
      security: [{ bearerAuth: [] }, { apiKeyQuery: [] }, { basicAuth: [] }],
      paths,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
          basicAuth: { type: 'http', scheme: 'basic', description: 'The key as user name, empty password.' },
        },
        schemas: { ErrorResponse: ERROR_SCHEMA },
      },
    };
  }
}

/**
 * The operation of a record endpoint (sites, measurements), for its route's `config.openapi`:
 * tagged `resources` and answering CSV as well as JSON, unless `extra` says otherwise.
 */
export function recordDoc(summary: string, params: readonly ParamDef[], extra: Partial<RouteDoc> = {}): RouteDoc {
  return { summary, tags: ['resources'], params, responseTypes: ['text/csv'], ...extra };
}
