/**
 * The OpenAPI 3 document of the whole API, built from the same parameter definitions that
 * validate requests (products/params.ts): every route registers its operation here, and
 * `/openapi.json` serves the result. `/docs` renders it as a plain HTML page.
 */
import type { ParamDef } from './params.js';
import { escapeHtml } from '../formats/html.js';

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
}

/** JSON schema of one parameter, from its definition. */
export function paramSchema(def: ParamDef): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  const bounds = (t: Record<string, unknown>): Record<string, unknown> => {
    if (def.minimum !== undefined) t.minimum = def.minimum;
    if (def.maximum !== undefined) t.maximum = def.maximum;
    // OpenAPI 3.0 (JSON Schema draft 4 style): an exclusive bound is the bound plus a boolean flag.
    if (def.exclusiveMinimum !== undefined) { t.minimum = def.exclusiveMinimum; t.exclusiveMinimum = true; }
    if (def.exclusiveMaximum !== undefined) { t.maximum = def.exclusiveMaximum; t.exclusiveMaximum = true; }
    if (def.step !== undefined) t.multipleOf = def.step;
    return t;
  };
  switch (def.type) {
    case 'number': Object.assign(s, bounds({ type: 'number', format: 'double' })); break;
    case 'integer': Object.assign(s, bounds({ type: 'integer', format: 'int32' })); break;
    case 'boolean': s.type = 'boolean'; break;
    case 'string': s.type = 'string'; break;
    case 'enum': s.type = 'string'; s.enum = [...(def.enum ?? [])]; break;
    case 'datetime': s.type = 'string'; s.format = 'date-time'; break;
    case 'duration': s.type = 'string'; s.format = 'duration'; break;
    case 'string[]': s.type = 'array'; s.items = { type: 'string' }; break;
    case 'number[]': s.type = 'array'; s.items = bounds({ type: 'number', format: 'double' }); break;
    case 'enum[]': s.type = 'array'; s.items = { type: 'string', enum: [...(def.enum ?? [])] }; break;
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
              error_code: { type: 'string' }, field_name: { type: 'string' }, message: { type: 'string' }, meta: { type: 'object' },
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

  add(op: OperationDoc): void {
    this.ops.push(op);
  }

  operations(): readonly OperationDoc[] {
    return this.ops;
  }

  document(serverUrl?: string): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const op of this.ops) {
      const parameters = [
        ...(op.pathParams ?? []).map((p) => ({ name: p.name, in: 'path', required: true, description: p.description, schema: { type: 'string' } })),
        ...op.params.map((d) => ({
          name: d.name,
          in: 'query',
          required: d.required === true,
          description: d.description,
          schema: paramSchema(d),
          ...(d.type.endsWith('[]') ? { style: 'form', explode: true } : {}),
          ...(d.example !== undefined ? { example: d.example } : {}),
        })),
      ];
      const content: Record<string, unknown> = { 'application/json': { schema: op.responseSchema ?? { type: 'object' } } };
      for (const t of op.responseTypes ?? []) content[t] = { schema: { type: 'string' } };
      const operation: Record<string, unknown> = {
        operationId: `${op.method.toLowerCase()}${op.path.replace(/[{}]/g, '').replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
        summary: op.summary,
        ...(op.description ? { description: op.description } : {}),
        tags: op.tags,
        parameters,
        responses: {
          200: { description: 'Success', content },
          400: { description: 'Invalid parameter', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
          401: { description: 'No valid API key', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
          403: { description: 'The plan does not include this endpoint', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
          429: { description: 'Rate limit or daily quota exceeded', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } },
        },
      };
      if (op.requestBody) operation.requestBody = { required: true, content: { 'application/json': { schema: op.requestBody } } };
      (paths[op.path] ??= {})[op.method.toLowerCase()] = operation;
    }
    return {
      openapi: '3.0.3',
      info: {
        title: 'Solar Data and Site Resource API (solarkit)',
        version: '1.0.0',
        description: 'Self-hosted implementation of the Solar Data and Site Resource API. Parameter names are matched ' +
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

  /** A browsable HTML page of the operations and their parameters (no external assets). */
  html(): string {
    const sections = this.ops.map((op) => {
      const rows = op.params.map((d) => {
        const range = [
          d.minimum !== undefined ? `&ge; ${d.minimum}` : '', d.exclusiveMinimum !== undefined ? `&gt; ${d.exclusiveMinimum}` : '',
          d.maximum !== undefined ? `&le; ${d.maximum}` : '', d.exclusiveMaximum !== undefined ? `&lt; ${d.exclusiveMaximum}` : '',
          d.enum ? escapeHtml(d.enum.join(' | ')) : '',
        ].filter(Boolean).join(', ');
        return `<tr><td><code>${escapeHtml(d.name)}</code>${d.required ? ' <b>required</b>' : ''}</td><td>${escapeHtml(d.type)}</td>` +
          `<td>${range}</td><td>${d.default !== undefined ? escapeHtml(JSON.stringify(d.default)) : ''}</td><td>${escapeHtml(d.description)}</td></tr>`;
      }).join('');
      return `<section><h2><code>${op.method} ${escapeHtml(op.path)}</code></h2><p>${escapeHtml(op.summary)}</p>` +
        (op.description ? `<p>${escapeHtml(op.description)}</p>` : '') +
        (rows ? `<table><tr><th>parameter</th><th>type</th><th>range</th><th>default</th><th>description</th></tr>${rows}</table>` : '') +
        `</section>`;
    }).join('\n');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>solarkit API</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}</style>
</head><body><h1>Solar Data and Site Resource API</h1><p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3).
Authenticate with <code>Authorization: Bearer &lt;key&gt;</code>, <code>api_key=&lt;key&gt;</code>, or HTTP Basic (key as user name).</p>
${sections}</body></html>`;
  }
}

/**
 * Records an operation of a record endpoint (sites, measurements): tagged `resources` and
 * answering CSV as well as JSON, unless `extra` says otherwise.
 */
export function addRecordOperation(
  openapi: OpenApiRegistry, method: OperationDoc['method'], path: string, summary: string,
  params: readonly ParamDef[], extra: Partial<OperationDoc> = {},
): void {
  openapi.add({ method, path, summary, tags: ['resources'], params, responseTypes: ['text/csv'], ...extra });
}
