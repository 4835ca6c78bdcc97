import type { AsyncApiDocument } from './asyncapi.ts';
import { schemaOfContent, type OpenApiDocument } from './openapi.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const json = (value: unknown): string => escapeHtml(JSON.stringify(value, null, 2));

/** A schema, folded: the reader opens what they need. */
const schemaBlock = (label: string, schema: unknown): string =>
  `<details><summary>${escapeHtml(label)}</summary><pre>${json(schema)}</pre></details>`;

/**
 * The reference page of both documents: plain HTML rendered on the server, one stylesheet from the
 * same origin and no script, so it passes the platform's CSP (no inline style or script, no CDN)
 * and reads without JavaScript, on a phone too.
 */
export function referencePage(
  openApi: OpenApiDocument,
  asyncApi: AsyncApiDocument,
  stylesheet: string,
): string {
  const operations = Object.entries(openApi.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const parameters = (operation.parameters ?? [])
        .map(
          (parameter) =>
            `<li><code>${escapeHtml(parameter.name)}</code> in ${parameter.in}${parameter.required ? ', required' : ''}</li>`,
        )
        .join('');
      const body = schemaOfContent(operation.requestBody?.content);
      const responses = Object.entries(operation.responses)
        .map(([status, response]) => {
          const answer = schemaOfContent(response.content);
          const type = answer && answer.mediaType !== 'application/json' ? ` (${answer.mediaType})` : '';
          return answer
            ? `<li>${schemaBlock(`${status}: ${response.description}${type}`, answer.schema)}</li>`
            : `<li>${escapeHtml(`${status}: ${response.description}`)}</li>`;
        })
        .join('');
      return `<section class="operation" id="${escapeHtml(operation.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="tag">${escapeHtml(operation.tags.join(', '))}</span></h3>
${parameters ? `<h4>Parameters</h4><ul>${parameters}</ul>` : ''}
${body ? `<h4>Body (${escapeHtml(body.mediaType)})</h4>${schemaBlock('Schema', body.schema)}` : ''}
<h4>Answers</h4><ul>${responses}</ul>
</section>`;
    }),
  );
  const events = Object.values(asyncApi.channels)
    .filter((channel) => !String(channel.address).endsWith('.dlq'))
    .map((channel) => {
      const messages = Object.keys(channel.messages as object).map((id) => {
        const message = asyncApi.components.messages[id] ?? {};
        return `<li>${schemaBlock(String(message.title), message.payload)}</li>`;
      });
      return `<section class="operation"><h3>Topic <code>${escapeHtml(String(channel.address))}</code></h3>
<p>${escapeHtml(String(channel.description))}</p><ul>${messages.join('')}</ul></section>`;
    });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ListReady API reference</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<header><h1>ListReady API reference</h1>
<p>Every route the gateway exposes, generated from the zod contracts the services validate with.
Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1</a> and <a href="/api/asyncapi.json">AsyncAPI 3</a>.
Errors are <code>{ message, code?, issues?: [{ path, message }] }</code>.</p></header>
<main>
<h2>HTTP routes</h2>
${operations.join('\n')}
<h2>Events</h2>
${events.join('\n')}
</main>
</body>
</html>`;
}

/** The page's only stylesheet, served from the same origin. */
export const REFERENCE_STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fff}
header,main{max-width:60rem;margin:0 auto;padding:0 1rem}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:2px solid #ddd}
h3{font-size:1rem;margin:0 0 .5rem;overflow-wrap:anywhere}h4{font-size:.9rem;margin:.5rem 0 .25rem}
.operation{border:1px solid #ddd;border-radius:6px;padding:.75rem;margin:.75rem 0}
.method{display:inline-block;min-width:4rem;font-weight:700;color:#fff;background:#2f5d8a;border-radius:4px;padding:0 .4rem;text-align:center}
.method.post{background:#1e6b3a}.method.put,.method.patch{background:#7a4b00}.method.delete{background:#9b1c1c}
.tag{font-weight:400;color:#555;font-size:.85rem}
pre{overflow:auto;background:#f5f5f5;padding:.5rem;font-size:.8rem;max-height:30rem}
a{color:#1d4f91}ul{padding-left:1.25rem;margin:.25rem 0}
`;
