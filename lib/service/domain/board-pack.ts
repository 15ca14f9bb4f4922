import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Point, Series } from "@/lib/contract/grouped";
import type { Period, Status } from "@/lib/contract/kpis";
import { scorecards } from "@/lib/db/schema";
import { SCORING_DEFAULTS } from "@/lib/contract/constants";
import type { Formats } from "@/lib/format";
import type { Locale } from "@/lib/i18n/locales";
import { localized } from "@/lib/i18n/localized";
import { formatsFor, translatorFor } from "@/lib/i18n/server";
import type { Ctx } from "../context";
import { groupedOf } from "./grouped";
import { initiativesOf } from "./initiatives";
import { notesOf } from "./notes";
import { addDays, periodsBefore, periodStart } from "./periods";
import { inTreeOrder, scorecardKpis } from "./scorecards";

const require = createRequire(import.meta.url);
const STATUS_COLOR: Record<Status, string> = { ON_TRACK: "#15803d", AT_RISK: "#b45309", OFF_TRACK: "#b91c1c", NONE: "#475569" };
const STATUS_FILL: Record<Status, string> = { ON_TRACK: "#dcfce7", AT_RISK: "#fef3c7", OFF_TRACK: "#fee2e2", NONE: "#f1f5f9" };

const latest = (series: Series | undefined): Point | undefined => series?.points.findLast((p) => p.complete && p.value !== null);

/** A small line chart as SVG: values solid, targets dashed, periods with notes marked. */
function chartSvg(points: Point[], noted: Set<string>, period: Period, f: Formats): string {
  const W = 500,
    H = 110,
    left = 44,
    right = 8,
    top = 8,
    bottom = 20;
  const numbers = points.flatMap((p) => [p.value, p.target]).filter((v): v is number => v !== null);
  if (numbers.length === 0) return "";
  let [lo, hi] = [Math.min(...numbers), Math.max(...numbers)];
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const x = (i: number) => left + (points.length === 1 ? 0 : (i * (W - left - right)) / (points.length - 1));
  const y = (v: number) => top + ((hi - v) * (H - top - bottom)) / (hi - lo);
  const line = (pick: (p: Point) => number | null) =>
    points
      .map((p, i) => [i, pick(p)] as const)
      .filter(([, v]) => v !== null)
      .map(([i, v]) => `${x(i).toFixed(1)},${y(v!).toFixed(1)}`)
      .join(" ");
  const label = (v: number) => new Intl.NumberFormat(f.locale, { notation: "compact", maximumFractionDigits: 1 }).format(v);
  const marks = points.flatMap((p, i) =>
    noted.has(p.start) ? [`<line x1="${x(i)}" x2="${x(i)}" y1="${top}" y2="${H - bottom}" stroke="#d97706" stroke-dasharray="2 2"/>`] : [],
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<line x1="${left}" x2="${W - right}" y1="${H - bottom}" y2="${H - bottom}" stroke="#cbd5e1"/>`,
    `<text x="${left - 4}" y="${top + 8}" font-size="9" text-anchor="end" fill="#475569">${label(hi)}</text>`,
    `<text x="${left - 4}" y="${H - bottom}" font-size="9" text-anchor="end" fill="#475569">${label(lo)}</text>`,
    `<text x="${left}" y="${H - 6}" font-size="9" fill="#475569">${f.period(points[0]!.start, period)}</text>`,
    `<text x="${W - right}" y="${H - 6}" font-size="9" text-anchor="end" fill="#475569">${f.period(points.at(-1)!.start, period)}</text>`,
    ...marks,
    `<polyline points="${line((p) => p.target)}" fill="none" stroke="#16a34a" stroke-width="1.2" stroke-dasharray="5 3"/>`,
    `<polyline points="${line((p) => p.value)}" fill="none" stroke="#1d4ed8" stroke-width="2"/>`,
    ...points.flatMap((p, i) => (p.value === null ? [] : [`<circle cx="${x(i)}" cy="${y(p.value)}" r="2.5" fill="#1d4ed8"/>`])),
    `</svg>`,
  ].join("");
}

/**
 * The board pack as a PDF (pdfmake) in `locale`: the status summary at a date, then each KPI with
 * its chart over the twelve periods up to that date, its notes and its initiatives. A4 pages.
 */
export async function boardPackPdf(
  ctx: Ctx,
  { docId, date, period, locale }: { docId: number; date: string; period: Period; locale: Locale },
): Promise<{ name: string; bytes: Buffer }> {
  const f = formatsFor(locale);
  const t = translatorFor(locale, "pack");
  const initiativeStatus = translatorFor(locale, "initiatives");
  const tree = await scorecardKpis(ctx, docId);
  const { db } = ctx.deps;
  // The twelve complete periods before the one holding the date: a pack shows no "so far".
  const startDate = periodsBefore(date, period, 12);
  const endDate = addDays(periodStart(date, period), -1);
  const [[card], grouped, notes, plans] = await Promise.all([
    db.select({ name: scorecards.name, translations: scorecards.translations }).from(scorecards).where(eq(scorecards.id, docId)),
    groupedOf(ctx.deps, tree, { period, startDate, endDate }),
    notesOf(
      db,
      tree.map((k) => k.guid),
      startDate,
      endDate,
    ),
    initiativesOf(
      db,
      tree.map((k) => k.guid),
    ),
  ]);
  const cardName = localized(card!, locale).name;
  const seriesOf = new Map(grouped.items.map((s) => [s.guid, s]));
  const ordered = inTreeOrder(tree);
  const statusOf = (guid: string) => latest(seriesOf.get(guid))?.status ?? "NONE";
  const indicators = ordered.filter((o) => o.kpi.indicatorType === "INDICATOR");
  const counts = (["ON_TRACK", "AT_RISK", "OFF_TRACK", "NONE"] as Status[]).map((status) =>
    t("count", { status, count: indicators.filter((o) => statusOf(o.kpi.guid) === status).length }),
  );

  // A score is rounded against the KPI's own thresholds, so it never reads across its status.
  const scoreText = (p: Point, kpi: (typeof tree)[number]) =>
    f.score(p.score, { onTrack: kpi.onTrackThreshold ?? SCORING_DEFAULTS.onTrack, atRisk: kpi.atRiskThreshold ?? SCORING_DEFAULTS.atRisk });
  const statusCell = (p: Point | undefined, kpi: (typeof tree)[number]) => {
    const status = p?.status ?? "NONE";
    return { text: `${f.status(status)} ${p ? scoreText(p, kpi) : ""}`.trim(), color: STATUS_COLOR[status], fillColor: STATUS_FILL[status], bold: true };
  };
  const summary = {
    table: {
      headerRows: 1,
      widths: ["*", 80, 80, 90],
      body: [
        [t("kpi"), t("value"), t("target"), t("status")].map((text) => ({ text, bold: true, fillColor: "#e2e8f0" })),
        ...ordered.map(({ kpi, depth }) => {
          const p = latest(seriesOf.get(kpi.guid));
          const measure = kpi.indicatorType === "CONTAINER" ? "%" : localized(kpi, locale).measure;
          return [
            { text: localized(kpi, locale).name, margin: [depth * 10, 0, 0, 0], bold: kpi.indicatorType === "CONTAINER" },
            { text: f.full(p?.value, measure), alignment: "right" },
            { text: kpi.indicatorType === "CONTAINER" ? "" : f.full(p?.target, measure), alignment: "right" },
            statusCell(p, kpi),
          ];
        }),
      ],
    },
    layout: "lightHorizontalLines",
  };
  const sections = indicators.map(({ kpi }) => {
    const series = seriesOf.get(kpi.guid);
    const p = latest(series);
    const points = series?.points ?? [];
    const own = notes.filter((n) => n.kpiGuid === kpi.guid);
    const noted = new Set(points.filter((pt) => own.some((n) => pt.start <= n.date && n.date <= pt.end)).map((pt) => pt.start));
    const svg = chartSvg(points, noted, period, f);
    const ownPlans = plans.filter((i) => i.alignedKpiGuid === kpi.guid);
    const { name, measure } = localized(kpi, locale);
    return {
      unbreakable: true,
      margin: [0, 12, 0, 0],
      stack: [
        { text: name, style: "kpi" },
        {
          text: [
            p ? `${f.period(p.start, period)}: ${f.full(p.value, measure)}` : t("noValue"),
            p?.target != null ? t("against", { target: f.full(p.target, measure) }) : "",
            " · ",
            { text: `${f.status(p?.status ?? "NONE")}${p ? ` ${scoreText(p, kpi)}` : ""}`, color: STATUS_COLOR[p?.status ?? "NONE"], bold: true },
          ],
        },
        ...(svg ? [{ svg, width: 500, margin: [0, 4, 0, 0] }] : []),
        ...(own.length
          ? [
              { text: t("document.notes"), bold: true, margin: [0, 4, 0, 2] },
              { ul: own.map((n) => `${f.date(n.date)} (${n.authorEmail ?? t("document.formerUser")}): ${n.text}`) },
            ]
          : []),
        ...(ownPlans.length
          ? [
              { text: t("document.initiatives"), bold: true, margin: [0, 4, 0, 2] },
              {
                ul: ownPlans.map(
                  (i) =>
                    `${localized(i, locale).name}: ${initiativeStatus(`status.${i.status}`).toLowerCase()}${i.responsible.length ? `, ${i.responsible.join(", ")}` : ""}`,
                ),
              },
            ]
          : []),
      ],
    };
  });
  const document = {
    pageSize: "A4",
    pageMargins: [40, 48, 40, 48],
    // Dated by the pack's own date, not the moment it was made: the same figures give the same bytes (and ETag).
    info: { title: t("title", { name: cardName }), creator: "Gauge", creationDate: new Date(`${date}T00:00:00Z`) },
    defaultStyle: { font: "Roboto", fontSize: 10, color: "#0f172a" },
    styles: { title: { fontSize: 18, bold: true }, kpi: { fontSize: 13, bold: true, margin: [0, 0, 0, 2] } },
    footer: (page: number, pages: number) => ({
      text: t("document.footer", { name: cardName, date: f.date(date), page, pages }),
      alignment: "center",
      fontSize: 8,
      color: "#64748b",
      margin: [0, 16, 0, 0],
    }),
    content: [
      { text: t("title", { name: cardName }), style: "title" },
      { text: `${t("asOf", { date: f.date(date), period: f.periodName(period) })} · ${counts.join(", ")}`, margin: [0, 2, 0, 10], color: "#475569" },
      summary,
      {
        text: t("document.legend"),
        fontSize: 8,
        color: "#475569",
        margin: [0, 8, 0, 0],
      },
      ...sections,
    ],
  };
  return { name: `board-pack-${docId}-${date}.pdf`, bytes: await renderPdf(document) };
}

let fontsReady = false;

/** pdfmake on the server, reading only its own Roboto files. */
async function renderPdf(document: object): Promise<Buffer> {
  const pdfmake = require("pdfmake");
  if (!fontsReady) {
    // Absolute paths to pdfmake's own Roboto files (the package stays external to the bundle).
    const fonts = require("pdfmake/fonts/Roboto.js") as { Roboto: Record<string, string> };
    const fontDir = path.dirname(fonts.Roboto.normal!);
    pdfmake.addFonts(fonts);
    pdfmake.setLocalAccessPolicy((file: string) => path.resolve(file).startsWith(fontDir));
    pdfmake.setUrlAccessPolicy?.(() => false);
    fontsReady = true;
  }
  return pdfmake.createPdf(document).getBuffer();
}
