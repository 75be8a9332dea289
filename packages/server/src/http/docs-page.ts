/**
 * The `/docs` page: the OpenAPI document as one self-contained HTML page that reads on a phone:
 * a table of contents by endpoint family, an anchor per operation, its parameters, and its
 * example request (a curl command) and example response, both taken from the document.
 */
import { escapeHtml } from '../formats/chart.js';
import { EXAMPLE_ITEMS } from './openapi.js';

interface DocParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: {
    type?: string;
    format?: string;
    default?: unknown;
    enum?: unknown[];
    minimum?: number;
    maximum?: number;
    exclusiveMinimum?: boolean;
    exclusiveMaximum?: boolean;
    items?: { enum?: unknown[] };
  };
}

/** The part of a response's JSON schema the page reads: the rows' value fields with their units. */
interface DocSchema {
  properties?: Record<
    string,
    { items?: { properties?: Record<string, { description?: string; 'x-unit'?: string }> } } | undefined
  >;
}

/** The value fields of an operation's response rows that carry a unit (output parameters). */
export function outputFields(op: DocOperation): { name: string; unit: string; description: string }[] {
  const out: { name: string; unit: string; description: string }[] = [];
  const schema = op.responses[200]?.content?.['application/json']?.schema;
  for (const list of Object.values(schema?.properties ?? {})) {
    for (const [name, field] of Object.entries(list?.items?.properties ?? {})) {
      if (field['x-unit'] === undefined) continue;
      const description = (field.description ?? '').replace(/ Unit: [^.]*\.$/, '');
      out.push({ name, unit: field['x-unit'], description });
    }
  }
  return out;
}

interface DocOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters: DocParameter[];
  requestBody?: { content: { 'application/json': { example?: unknown } } };
  responses: { 200?: { content?: { 'application/json'?: { example?: unknown; schema?: DocSchema } } } };
  'x-example-url'?: string;
}

/** The parts of an OpenAPI document the page reads. */
export interface DocsDocument {
  info: { title: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, DocOperation>>;
}

/** Text quoted for a POSIX shell: inside single quotes, a quote as '\''. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** The curl command of an operation's example request. */
export function curlOf(serverUrl: string, method: string, op: DocOperation): string | undefined {
  const url = op['x-example-url'];
  if (url === undefined) return undefined;
  // One option a line for a request with a body, so that it reads on a narrow screen.
  const parts = [
    method === 'get' ? 'curl' : `curl -X ${method.toUpperCase()}`,
    '-H "Authorization: Bearer $SOLARKIT_KEY"',
  ];
  const body = op.requestBody?.content['application/json'].example;
  if (body !== undefined)
    parts.push(`-H ${shellQuote('Content-Type: application/json')}`, `--data ${shellQuote(JSON.stringify(body))}`);
  parts.push(shellQuote(serverUrl + url));
  return parts.join(body !== undefined ? ' \\\n  ' : ' ');
}

function range(s: DocParameter['schema']): string {
  if (!s) return '';
  const out: string[] = [];
  if (s.minimum !== undefined) out.push(`${s.exclusiveMinimum ? '&gt;' : '&ge;'} ${s.minimum}`);
  if (s.maximum !== undefined) out.push(`${s.exclusiveMaximum ? '&lt;' : '&le;'} ${s.maximum}`);
  const values = s.enum ?? s.items?.enum;
  if (values) out.push(escapeHtml(values.join(' | ')));
  return out.join(', ');
}

/**
 * The page of a document: contents, then one section per operation.
 *
 * @example docsPage(await registry.document('http://127.0.0.1:8080')).includes('<nav class="toc"') // true
 */
export function docsPage(doc: DocsDocument): string {
  const server = doc.servers?.[0]?.url ?? '';
  const families = new Map<string, { method: string; path: string; op: DocOperation }[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const family = op.tags[0] ?? 'other';
      if (!families.has(family)) families.set(family, []);
      families.get(family)!.push({ method, path, op });
    }
  }
  const toc = [...families]
    .map(
      ([family, ops]) =>
        `<li><a href="#family-${escapeHtml(family)}">${escapeHtml(family)}</a><ul>` +
        ops
          .map(
            ({ method, path, op }) =>
              `<li><a href="#${op.operationId}"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a></li>`,
          )
          .join('') +
        '</ul></li>',
    )
    .join('');
  const sections = [...families]
    .map(
      ([family, ops]) =>
        `<h2 id="family-${escapeHtml(family)}">${escapeHtml(family)}</h2>` +
        ops
          .map(({ method, path, op }) => {
            const rows = op.parameters
              .map(
                (p) =>
                  `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <b>required</b>' : ''}${p.in === 'path' ? ' (path)' : ''}</td>` +
                  `<td>${escapeHtml(p.schema?.format ?? p.schema?.type ?? '')}</td><td>${range(p.schema)}</td>` +
                  `<td>${p.schema?.default !== undefined ? escapeHtml(JSON.stringify(p.schema.default)) : ''}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
              )
              .join('');
            const outputs = outputFields(op)
              .map(
                (o) =>
                  `<tr><td><code>${escapeHtml(o.name)}</code></td><td>${escapeHtml(o.unit)}</td><td>${escapeHtml(o.description)}</td></tr>`,
              )
              .join('');
            const curl = curlOf(server, method, op);
            const response = op.responses[200]?.content?.['application/json']?.example;
            return (
              `<section class="operation" id="${op.operationId}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <a class="anchor" href="#${op.operationId}" aria-label="link to this endpoint">#</a></h3>` +
              `<p>${escapeHtml(op.summary)}</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}` +
              (rows
                ? `<div class="scroll"><table class="params"><tr><th>parameter</th><th>type</th><th>range</th><th>default</th><th>description</th></tr>${rows}</table></div>`
                : '') +
              (outputs
                ? `<h4>Output parameters</h4><div class="scroll"><table class="outputs"><tr><th>field</th><th>unit</th><th>description</th></tr>${outputs}</table></div>`
                : '') +
              (curl ? `<h4>Example request</h4><pre class="request"><code>${escapeHtml(curl)}</code></pre>` : '') +
              (response !== undefined
                ? `<h4>Example response</h4><pre class="response"><code>${escapeHtml(JSON.stringify(response, null, 2))}</code></pre>`
                : '') +
              `<p class="top"><a href="#contents">contents</a></p></section>`
            );
          })
          .join('\n'),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:0 auto;padding:0 1em 2em;max-width:60em;color:#222;line-height:1.4}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}
.scroll{overflow-x:auto}pre{background:#f6f6f6;border:1px solid #ddd;padding:.6em;overflow-x:auto;font-size:12px;max-height:24em}pre.request{white-space:pre-wrap;overflow-wrap:anywhere}
h3{font-size:1.05em;margin-top:2em;overflow-wrap:anywhere}h3 code,nav code{overflow-wrap:anywhere}.method{display:inline-block;min-width:4.6em;font-weight:bold;color:#1f5f99}
a.anchor{color:#999;text-decoration:none}p,li{overflow-wrap:anywhere}nav.toc ul{padding-left:1.2em}nav.toc li{margin:.15em 0}section.operation{border-top:1px solid #ddd}p.top{font-size:12px}</style>
</head><body><h1 id="contents">${escapeHtml(doc.info.title)}</h1>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3). Authenticate with <code>Authorization: Bearer &lt;key&gt;</code>,
<code>api_key=&lt;key&gt;</code>, or HTTP Basic (the key as user name); a key comes from <code>solarkit keys create &lt;account&gt;</code>.
The examples set <code>SOLARKIT_KEY</code> to a key; their responses were answered by this server (lists of records cut to their first ${EXAMPLE_ITEMS}),
in daylight at the example's place. Each data endpoint lists its output parameters with their units; times are period ends, UTC unless <code>time_zone</code> says otherwise.</p>
<nav class="toc"><h2>Contents</h2><ul>${toc}</ul></nav>
${sections}</body></html>`;
}
