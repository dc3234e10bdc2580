/**
 * `/api/docs`: the OpenAPI description as one readable HTML page, rendered on the server from
 * the same document (no script, no third-party viewer: it works under the site's CSP).
 */
import { escapeHtml } from '../../escape-html';

type Json = Record<string, unknown>;

/** A document field as text: only strings are shown. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Escaped, with the Markdown `code` spans the descriptions use shown as code. */
const prose = (value: unknown): string => escapeHtml(text(value)).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE = `
:root{color-scheme:light dark;--fg:#1c1917;--muted:#57534e;--line:#d6d3d1;--bg:#fff;--code:#f5f5f4;--accent:#0f766e}
@media (prefers-color-scheme:dark){:root{--fg:#f5f5f4;--muted:#a8a29e;--line:#44403c;--bg:#1c1917;--code:#292524;--accent:#5eead4}}
body{font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:60rem;padding:1rem}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2.5rem;border-bottom:1px solid var(--line)}
section{border:1px solid var(--line);border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
h3{font-size:1rem;margin:0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:baseline}
.method{font:700 .8rem ui-monospace,monospace;padding:.1rem .4rem;border-radius:.25rem;background:var(--accent);color:var(--bg)}
.path{font-family:ui-monospace,monospace;word-break:break-all}.lock{font-size:.8rem;color:var(--muted)}
p,li{color:var(--muted)}pre{background:var(--code);padding:.5rem;border-radius:.25rem;overflow-x:auto;font-size:.8rem}
table{border-collapse:collapse;font-size:.9rem}td,th{border-bottom:1px solid var(--line);padding:.2rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace}.scroll{overflow-x:auto}caption{text-align:left}a{color:var(--accent)}`;

function schemaBlock(schema: unknown): string {
  return `<pre><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre>`;
}

function operationHtml(path: string, method: string, op: Json): string {
  const admin = Array.isArray(op.security) && op.security.length > 0;
  const parts = [
    `<section id="${escapeHtml(String(op.operationId))}"><h3><span class="method">${method.toUpperCase()}</span>`,
    `<span class="path">${escapeHtml(path)}</span>`,
    admin ? '<span class="lock">needs the session cookie</span>' : '',
    `</h3><p>${prose(op.summary)}</p>`,
  ];
  if (typeof op.description === 'string') parts.push(`<p>${prose(op.description)}</p>`);
  const params = (op.parameters as Json[] | undefined) ?? [];
  if (params.length) {
    parts.push(
      '<div class="scroll"><table><caption class="lock">Parameters</caption><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr>',
    );
    for (const p of params) {
      parts.push(
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code></td></tr>`,
      );
    }
    parts.push('</table></div>');
  }
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  if (body?.['application/json']) parts.push('<p>JSON body:</p>', schemaBlock(body['application/json'].schema));
  const responses = Object.entries((op.responses as Record<string, Json> | undefined) ?? {});
  parts.push('<ul>');
  for (const [code, r] of responses) parts.push(`<li><strong>${escapeHtml(code)}</strong>: ${responseHtml(r)}</li>`);
  parts.push('</ul></section>');
  return parts.join('');
}

/** A `$ref` to a named schema as a link to it below; any other schema in full. */
function answerSchemaHtml(schema: Json): string {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : null;
  if (ref) return ` <a href="#schema-${escapeHtml(ref)}">${escapeHtml(ref)}</a>`;
  // An error: ApiError narrowed to the route's codes, which the description already names.
  const [base] = (schema.allOf as Json[] | undefined) ?? [];
  if (typeof base?.$ref === 'string') return answerSchemaHtml(base);
  const items = schema.items as Json | undefined;
  if (schema.type === 'array' && typeof items?.$ref === 'string') return ` an array of${answerSchemaHtml(items)}`;
  return schemaBlock(schema);
}

function responseHtml(response: Json): string {
  const content = (response.content as Record<string, Json> | undefined) ?? {};
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  const schema = media?.schema as Json | undefined;
  const shape = schema ? answerSchemaHtml(schema) : mediaType ? ` (<code>${escapeHtml(mediaType)}</code>)` : '';
  return `${prose(response.description)}${shape}`;
}

function errorCodesHtml(document: Json): string {
  const codes = (document['x-error-codes'] as Json[] | undefined) ?? [];
  const rows = codes.map(
    (c) =>
      `<tr><td><code>${escapeHtml(String(c.code))}</code></td><td>${escapeHtml(String(c.status))}</td><td>${prose(c.meaning)}</td></tr>`,
  );
  return (
    '<h2 id="errors">Error codes</h2><p>Every error answers an <a href="#schema-ApiError">ApiError</a> ' +
    'whose <code>code</code> is one of these; each call lists the ones it may give.</p>' +
    `<div class="scroll"><table><tr><th>Code</th><th>Status</th><th>Meaning</th></tr>${rows.join('')}</table></div>`
  );
}

function schemasHtml(document: Json): string {
  const schemas = ((document.components as Json | undefined)?.schemas as Record<string, unknown> | undefined) ?? {};
  const sections = Object.entries(schemas).map(
    ([name, schema]) =>
      `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${schemaBlock(schema)}</section>`,
  );
  return `<h2 id="schemas">Schemas</h2>${sections.join('')}`;
}

export function renderReferencePage(document: Json): string {
  const info = document.info as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const groups: Record<string, string[]> = { Public: [], Admin: [] };
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = ((op.tags as string[] | undefined) ?? ['Public'])[0]!;
      (groups[tag] ??= []).push(operationHtml(path, method, op));
    }
  }
  // The description's first paragraph; its Markdown table of error codes is shown as a table below.
  const intro = text(info.description).split('\n\n')[0];
  const tags = (document.tags as Json[] | undefined) ?? [];
  const sections = tags
    .map(
      (t) =>
        `<h2 id="${escapeHtml(String(t.name))}">${escapeHtml(String(t.name))}</h2><p>${prose(t.description)}</p>${(groups[String(t.name)] ?? []).join('')}`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title))} API reference</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(String(info.title))} API reference</h1><p>Version ${escapeHtml(String(info.version))}. ${prose(intro)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Contents: <a href="#Public">Public</a> · <a href="#Admin">Admin</a> · <a href="#errors">Error codes</a> · <a href="#schemas">Schemas</a>.</p>
${sections}${errorCodesHtml(document)}${schemasHtml(document)}</main></body></html>`;
}
