import "server-only";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY, registerAppResource } from "@modelcontextprotocol/ext-apps/server";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { MESSAGES } from "@/lib/i18n/messages";
import { CARD_SCRIPT } from "./card-script";

const CARD_URI = "ui://gauge/scorecard-card.html";

/** What a tool with the card declares: assistants that render MCP Apps show its result in the card. */
export const CARD_TOOL_META = { ui: { resourceUri: CARD_URI }, [RESOURCE_URI_META_KEY]: CARD_URI };

/** The card loads nothing: its script and style are inline, and it neither fetches, frames nor posts. */
const CARD_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'";

/** The same for hosts that build the frame's policy from the resource's metadata: no domain beyond the card. */
const CARD_RESOURCE_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } };

/**
 * The ext-apps view library, from its self-contained ES module bundle. The card is one HTML file
 * (the frame's policy loads nothing else), so the bundle goes inline in the card's module, its
 * closing export list dropped: the card's script, in a block after it (its names apart from the
 * bundle's), binds `App` to the name the list exported it under.
 */
function viewLibrary(): { source: string; app: string } {
  const file = createRequire(path.join(process.cwd(), "package.json")).resolve("@modelcontextprotocol/ext-apps/app-with-deps");
  const source = readFileSync(file, "utf8");
  const exportList = /export\s*\{([^}]*)\};?\s*$/.exec(source);
  const app = exportList && /(?:^|,)\s*([\w$]+)\s+as\s+App\s*(?=,|$)/.exec(exportList[1]!);
  if (!exportList || !app) throw new Error(`${file} no longer ends with an export list naming App`);
  return { source: source.slice(0, exportList.index), app: app[1]! };
}

const STYLE = `
:root { color-scheme: light dark; --fg: #0f172a; --muted: #64748b; --bg: #fff; --line: #e2e8f0;
  --on: #059669; --risk: #d97706; --off: #dc2626; --none: #94a3b8;
  --on-bg: #d1fae5; --risk-bg: #fef3c7; --off-bg: #fee2e2; --none-bg: #f1f5f9;
  --on-text: #064e3b; --risk-text: #78350f; --off-text: #7f1d1d; }
:root[data-theme="dark"] { --fg: #e2e8f0; --muted: #94a3b8; --bg: #0f172a; --line: #334155;
  --on-bg: #022c22; --risk-bg: #451a03; --off-bg: #450a0a; --none-bg: #1e293b;
  --on-text: #a7f3d0; --risk-text: #fde68a; --off-text: #fecaca; }
body { margin: 0; padding: 12px; font: 14px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 16px; margin: 0 0 8px; }
.muted { color: var(--muted); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; color: var(--muted); padding: 8px 0 4px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); white-space: nowrap; }
tbody th { font-weight: 500; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.chip { display: inline-block; border-radius: 999px; padding: 0 8px; font-size: 12px; }
.chip.ON_TRACK { background: var(--on-bg); color: var(--on-text); } .chip.AT_RISK { background: var(--risk-bg); color: var(--risk-text); }
.chip.OFF_TRACK { background: var(--off-bg); color: var(--off-text); } .chip.NONE { background: var(--none-bg); color: var(--muted); }
.chart { width: 100%; max-width: 640px; height: auto; }
.trend { width: 160px; height: 36px; }
.axis { fill: var(--muted); font-size: 11px; }
.target { stroke: var(--muted); stroke-dasharray: 4 3; fill: none; }
.line { stroke: var(--fg); fill: none; stroke-width: 1.5; }
.bar.ON_TRACK, .dot.ON_TRACK { fill: var(--on); } .bar.AT_RISK, .dot.AT_RISK { fill: var(--risk); }
.bar.OFF_TRACK, .dot.OFF_TRACK { fill: var(--off); } .bar.NONE, .dot.NONE { fill: var(--none); }
`;

/** The card's HTML: the view library, the labels in every language, the card's script. */
function buildCard(): string {
  const labels = Object.fromEntries(Object.entries(MESSAGES).map(([locale, m]) => [locale, { ...m.mcpCard, statuses: m.format.status, periods: m.periods }]));
  // In a script, "<" is escaped so that no text of the labels can close it.
  const labelsJson = JSON.stringify(labels).replaceAll("<", "\\u003c");
  const library = viewLibrary();
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CARD_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gauge</title><style>${STYLE}</style></head>
<body><main id="card" aria-live="polite"><p class="muted">…</p></main>
<script type="module">${library.source}
{
const App = ${library.app};
const LABELS = ${labelsJson};
${CARD_SCRIPT}
}</script></body></html>`;
}

let cardHtml: string | undefined;
const card = () => (cardHtml ??= buildCard());

/** Offers the card as the server's UI resource. */
export function addCard(server: McpServer) {
  registerAppResource(
    server,
    "Scorecard card",
    CARD_URI,
    {
      description: "KPIs with their statuses and a chart, drawn from a get_scorecard or read_grouped result",
      mimeType: RESOURCE_MIME_TYPE,
      _meta: CARD_RESOURCE_META,
    },
    async () => ({ contents: [{ uri: CARD_URI, mimeType: RESOURCE_MIME_TYPE, text: card(), _meta: CARD_RESOURCE_META }] }),
  );
}
