/**
 * The scorecard card's own script, run in the assistant's sandboxed frame after the ext-apps view
 * library (which binds `App`) and the labels (`LABELS`, by language). It builds the page from the
 * tool's structured result with text nodes only: KPI names are people's text, never markup.
 */
export const CARD_SCRIPT = String.raw`
const SVG = "http://www.w3.org/2000/svg";
const ICONS = { ON_TRACK: "●", AT_RISK: "▲", OFF_TRACK: "■", NONE: "○" };
let locale = "en";
const labels = () => LABELS[locale.slice(0, 2)] ?? LABELS.en;
const root = document.getElementById("card");

function el(tag, attributes, ...children) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, String(value));
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

const number = (v) => (v === null || v === undefined ? "–" : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v));
// Floored to a tenth of a percent, so a score just under a status line never reads as on it.
const percent = (s) =>
  s === null || s === undefined ? "–" : new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.floor(s * 1000 + 1e-6) / 10) + " %";
const statusOf = (s) => (s in ICONS ? s : "NONE");
const chip = (status) => el("span", { class: "chip " + statusOf(status) }, el("span", { "aria-hidden": "true" }, ICONS[statusOf(status)]), " ", labels().statuses[statusOf(status)]);
const period = (p) => (p ? (p.start === p.end ? p.start : p.start + " – " + p.end) : "–");

function table(caption, headers, rows) {
  return el(
    "div",
    { class: "scroll" },
    el("table", {}, el("caption", {}, caption), el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { scope: "col" }, h)))), el("tbody", {}, ...rows)),
  );
}

/** The scorecard's score and its top-level KPIs' (perspectives, in a balanced scorecard) as bars coloured by status, against the 100 % line. */
function scoreChart(kpis) {
  const scored = kpis.filter((k) => k.depth <= 1 && k.latest && k.latest.score !== null).slice(0, 40);
  if (scored.length === 0) return el("p", { class: "muted" }, labels().noScores);
  const top = Math.max(1.2, ...scored.map((k) => Math.min(k.latest.score, 3)));
  // Drawn at the frame's own width, so its labels keep their size on a phone.
  const width = Math.max(300, Math.min(640, root.clientWidth)), left = Math.round(width * 0.38), row = 22, height = scored.length * row + 24;
  const x = (s) => left + (Math.max(0, Math.min(s, top)) / top) * (width - left - 10);
  const svg = el("svg:svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": labels().scoreChart, class: "chart" });
  scored.forEach((k, i) => {
    const y = i * row + 4;
    const room = Math.floor(left / 6.5);
    svg.append(el("svg:text", { x: left - 6, y: y + 14, "text-anchor": "end", class: "axis" }, k.name.length > room ? k.name.slice(0, room - 1) + "…" : k.name));
    svg.append(el("svg:rect", { x: left, y, width: Math.max(1, x(k.latest.score) - left), height: row - 6, class: "bar " + statusOf(k.latest.status) }, el("svg:title", {}, k.name + ": " + percent(k.latest.score))));
  });
  svg.append(el("svg:line", { x1: x(1), x2: x(1), y1: 0, y2: height - 18, class: "target" }));
  svg.append(el("svg:text", { x: x(1), y: height - 4, "text-anchor": "middle", class: "axis" }, "100 %"));
  return svg;
}

/** A KPI's values over the periods as a line, its target dashed, each point in its status's colour. */
function trend(points) {
  const values = points.flatMap((p) => [p.value, p.target]).filter((v) => v !== null);
  if (values.length === 0) return el("span", { class: "muted" }, "–");
  const low = Math.min(...values), high = Math.max(...values), span = high - low || 1;
  const width = 160, height = 36;
  const x = (i) => (points.length === 1 ? width / 2 : 4 + (i / (points.length - 1)) * (width - 8));
  const y = (v) => height - 4 - ((v - low) / span) * (height - 8);
  const line = (key) => points.flatMap((p, i) => (p[key] === null ? [] : [x(i).toFixed(1) + "," + y(p[key]).toFixed(1)])).join(" ");
  const svg = el("svg:svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": labels().trend, class: "trend" });
  svg.append(el("svg:polyline", { points: line("target"), class: "target" }));
  svg.append(el("svg:polyline", { points: line("value"), class: "line" }));
  points.forEach((p, i) => {
    if (p.value !== null) svg.append(el("svg:circle", { cx: x(i), cy: y(p.value), r: 2.5, class: "dot " + statusOf(p.status) }, el("svg:title", {}, period(p) + ": " + number(p.value))));
  });
  return svg;
}

function scorecardView(data) {
  const l = labels();
  const rows = data.kpis.map((k) =>
    el(
      "tr",
      {},
      el("th", { scope: "row", style: "padding-left:" + (0.5 + k.depth) + "em" }, k.name),
      el("td", {}, chip(k.latest?.status ?? "NONE")),
      el("td", { class: "num" }, number(k.latest?.value)),
      el("td", { class: "num" }, number(k.latest?.target)),
      el("td", { class: "num" }, percent(k.latest?.score)),
      el("td", {}, period(k.latest)),
    ),
  );
  return [el("h1", {}, data.scorecard.name), scoreChart(data.kpis), table(l.latestCaption, [l.kpi, l.status, l.value, l.target, l.score, l.period], rows)];
}

function groupedView(data) {
  const l = labels();
  const rows = data.items.map((series) => {
    const last = series.points.findLast((p) => p.value !== null) ?? null;
    return el(
      "tr",
      {},
      el("th", { scope: "row" }, series.name),
      el("td", {}, chip(last?.status ?? "NONE")),
      el("td", { class: "num" }, number(last?.value)),
      el("td", { class: "num" }, number(last?.target)),
      el("td", { class: "num" }, percent(last?.score)),
      el("td", {}, trend(series.points)),
    );
  });
  return [el("h1", {}, l.periods[data.period] + " · " + data.start + " – " + data.end), table(l.groupedCaption, [l.kpi, l.status, l.value, l.target, l.score, l.trend], rows)];
}

function show(result) {
  const data = result.structuredContent;
  const error = result.isError ? (result.content ?? []).map((c) => c.text ?? "").join("\n") : null;
  root.replaceChildren(
    ...(error ? [el("p", { role: "alert" }, error)] : data?.kpis ? scorecardView(data) : data?.items ? groupedView(data) : [el("p", { class: "muted" }, labels().nothing)]),
  );
}

function applyContext(context) {
  if (context?.theme) document.documentElement.dataset.theme = context.theme;
  if (context?.locale) document.documentElement.lang = locale = context.locale;
}

const app = new App({ name: "Gauge scorecard card", version: "1.0.0" });
app.ontoolresult = show;
app.onhostcontextchanged = applyContext;
await app.connect();
applyContext(app.getHostContext());
`;
