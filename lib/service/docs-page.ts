import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/server";
// A self-contained reference page rendered from the OpenAPI document: no CDN script, so it
// also works on servers without Internet access (Scalar and Swagger UI load theirs from a CDN).

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  "x-gauge-role"?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const code = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

function schemaLink(schema: Json | undefined): string {
  if (!schema) return "";
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = ref.split("/").pop()!;
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  if (schema.type === "array") return `array of ${schemaLink(schema.items as Json)}`;
  const parts = [escapeHtml(String(schema.type ?? "value"))];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((v) => `<code>${escapeHtml(String(v))}</code>`).join(", ")}`);
  if (typeof schema.description === "string") parts.push(code(schema.description));
  if (schema.example !== undefined) parts.push(`e.g. <code>${escapeHtml(String(schema.example))}</code>`);
  return parts.join(" · ");
}

function exampleOf(schema: Json | undefined, schemas: Record<string, Json>): string {
  const ref = typeof schema?.$ref === "string" ? schemas[schema.$ref.split("/").pop()!] : schema;
  return ref?.example === undefined ? "" : `<pre class="example">${escapeHtml(JSON.stringify(ref.example, null, 2))}</pre>`;
}

type Words = ReturnType<typeof translatorFor<"apiDocs">>;

function renderOperation(method: string, path: string, op: Operation, schemas: Record<string, Json>, t: Words): string {
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? t("required") : ""}) ${schemaLink(p.schema)}</li>`)
    .join("");
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const schema = r.content?.["application/json"]?.schema;
      const example = status.startsWith("2") ? exampleOf(schema, schemas) : "";
      return `<li><strong>${escapeHtml(status)}</strong> ${code(r.description ?? "")}${schema ? `: ${schemaLink(schema)}` : ""}${example}</li>`;
    })
    .join("");
  return `<section class="op" id="${escapeHtml(method + path)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/${escapeHtml(path.replace(/^\//, ""))}</code></h3>
  <p>${code(op.summary ?? "")}${op.security?.length ? ' <span class="auth">Token</span>' : ""}${op["x-gauge-role"] ? ` <span class="auth">${escapeHtml(t("needs", { role: op["x-gauge-role"] }))}</span>` : ""}</p>
  ${op.description ? `<p class="desc">${code(op.description)}</p>` : ""}
  ${params ? `<h4>${t("parameters")}</h4><ul>${params}</ul>` : ""}
  ${body ? `<h4>${t("body")}</h4><p>${schemaLink(body)}</p>${exampleOf(body, schemas)}` : ""}
  <h4>${t("responses")}</h4><ul>${responses}</ul>
</section>`;
}

/** Whether an operation matches the page's filter (words anywhere in its method, path, names and texts). */
function matches(method: string, path: string, op: Operation, query: string): boolean {
  const haystack = [method, path, op.operationId, op.summary, op.description, ...(op.tags ?? [])].join(" ").toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** The reference page, its own words in `locale`; the API's descriptions stay the contract's English. */
export function renderDocsPage(document: object, query = "", locale: Locale = "en"): string {
  const t = translatorFor(locale, "apiDocs");
  const doc = document as Json;
  const info = doc.info as { title: string; version: string; description?: string };
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const byTag = new Map<string, string[]>();
  let total = 0;
  let shown = 0;
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      total++;
      if (query && !matches(method, path, op, query)) continue;
      shown++;
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, op, schemas, t)]);
    }
  }
  const sections = [...byTag].map(([tag, ops]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join("")}`).join("");
  const schemaSections = query
    ? ""
    : Object.entries(schemas)
        .map(
          ([name, s]) =>
            `<section class="op" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><pre>${escapeHtml(JSON.stringify(s, null, 2))}</pre></section>`,
        )
        .join("");
  const nav = [...byTag.keys()].map((t) => `<a href="#tag-${escapeHtml(t)}">${escapeHtml(t)}</a>`).join("");
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t("title", { title: info.title }))}</title><style>
:root{color-scheme:light dark;--fg:#0f172a;--muted:#475569;--bg:#f8fafc;--card:#fff;--line:#e2e8f0;--accent:#1d4ed8;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#f1f5f9;--muted:#94a3b8;--bg:#020617;--card:#0f172a;--line:#1e293b;--accent:#60a5fa;--on-accent:#0f172a}}
body{font:15px/1.5 ui-sans-serif,system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0;overflow-wrap:anywhere}
form{display:flex;gap:8px;margin:12px 0}input{flex:1;font:inherit;padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg)}
button{font:inherit;padding:6px 12px;border:0;border-radius:6px;background:var(--accent);color:var(--on-accent)}
main{max-width:960px;margin:0 auto;padding:24px 16px}header{border-bottom:1px solid var(--line);margin-bottom:16px}
nav{display:flex;flex-wrap:wrap;gap:4px 16px}nav a{display:inline-block;padding:4px 0;color:var(--accent)}a{color:var(--accent)}.op{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:4px 16px;margin:12px 0}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;padding:2px 6px;font-size:13px;color:#fff;background:#57606a}
.get{background:#047857}.post{background:#1d4ed8}.delete{background:#b91c1c}.patch,.put{background:#b45309}
.auth{font-size:12px;border:1px solid var(--line);border-radius:4px;padding:1px 6px;color:var(--muted)}
.desc{color:var(--muted)}.example{background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:8px;margin:6px 0}h4{margin:8px 0 4px}pre{white-space:pre-wrap;font-size:13px}code{font-size:13px}
</style></head><body><main><header><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${code(info.description ?? "")}</p>${t("english") ? `<p>${code(t("english"))}</p>` : ""}<p>${t.markup("machine", { json: (chunks) => `<a href="openapi.json">${chunks}</a>`, back: (chunks) => `<a href="/">${chunks}</a>` })}</p>
<form method="get" role="search"><input name="q" type="search" value="${escapeHtml(query)}" placeholder="${escapeHtml(t("placeholder"))}" aria-label="${escapeHtml(t("filterLabel"))}"><button type="submit">${escapeHtml(t("filter"))}</button></form>
${query ? `<p>${escapeHtml(t("matches", { shown, total, query }))} <a href="docs">${escapeHtml(t("showAll"))}</a></p>` : ""}<nav>${nav}${query ? "" : `<a href="#schemas">${escapeHtml(t("schemas"))}</a>`}</nav></header>
${sections}${query ? "" : `<h2 id="schemas">${escapeHtml(t("schemas"))}</h2>${schemaSections}`}</main></body></html>`;
}
