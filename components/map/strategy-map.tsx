"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { PageLink } from "@/components/ui/page-link";
import type { StrategyMap } from "@/lib/contract/maps";
import type { KpiNode } from "@/lib/contract/kpis";
import { readQuery } from "@/lib/bff/queries";
import { useTranslations } from "next-intl";
import { useFormats } from "@/lib/i18n/use-formats";
import { STATUS_ICON, STATUS_TONE } from "@/components/kpi/status-badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { arrowPath, layout, MAP } from "./map-layout";
import { MapLinksEditor } from "./map-links-editor";
import { MapList } from "./map-list";
import { useLocalizedTree } from "@/lib/i18n/use-localized";

// Colours through CSS variables that the dark theme sets; a downloaded SVG has none and takes the light ones.
const FILL = {
  ON_TRACK: "var(--map-on, #d1fae5)",
  AT_RISK: "var(--map-risk, #fef3c7)",
  OFF_TRACK: "var(--map-off, #fee2e2)",
  NONE: "var(--map-none, #f1f5f9)",
} as const;
const INK = "var(--map-ink, #0f172a)";
const THEME =
  "[--map-band-a:#ffffff] [--map-band-b:#f8fafc] [--map-rule:#e2e8f0] [--map-arrow:#475569] [--map-mark:#1e3a8a] " +
  "dark:[--map-band-a:#0f172a] dark:[--map-band-b:#111827] dark:[--map-rule:#1e293b] dark:[--map-arrow:#94a3b8] dark:[--map-mark:#93c5fd] " +
  "dark:[--map-ink:#e2e8f0] dark:[--map-on:#064e3b] dark:[--map-risk:#78350f] dark:[--map-off:#7f1d1d] dark:[--map-none:#1e293b]";

/** The map with its perspectives' and objectives' names as the tree (in the reader's language) has them. */
function mapInWords(map: StrategyMap, root: KpiNode): StrategyMap {
  const names = new Map<string, string>();
  const walk = (node: KpiNode) => (names.set(node.guid, node.name), node.children.forEach(walk));
  walk(root);
  const named = <T extends { guid: string; name: string }>(item: T): T => ({ ...item, name: names.get(item.guid) ?? item.name });
  return { ...map, name: root.name, perspectives: map.perspectives.map((p) => ({ ...named(p), objectives: p.objectives.map(named) })) };
}

const nameOf = (node: KpiNode, guid: string): string =>
  node.guid === guid ? node.name : (node.children.map((c) => nameOf(c, guid)).find((n) => n !== "") ?? "");

/** Each KPI's thresholds by its GUID. */
const kpiThresholds = (node: KpiNode, into = new Map<string, KpiNode["thresholds"]>()): Map<string, KpiNode["thresholds"]> => {
  into.set(node.guid, node.thresholds);
  for (const child of node.children) kpiThresholds(child, into);
  return into;
};

type Initiative = KpiNode["initiatives"][number];
/** Every initiative of the tree by its GUID. */
const initiativesByGuid = (node: KpiNode, into = new Map<string, Initiative>()): Map<string, Initiative> => {
  for (const i of node.initiatives) into.set(i.guid, i);
  for (const child of node.children) initiativesByGuid(child, into);
  return into;
};

/** Downloads the drawn map as an SVG file, or as a PNG drawn from it. */
async function download(svg: SVGSVGElement, name: string, format: "svg" | "png") {
  const text = new XMLSerializer().serializeToString(svg);
  let blob = new Blob([text], { type: "image/svg+xml" });
  if (format === "png") {
    const image = new Image();
    image.src = URL.createObjectURL(blob);
    await image.decode();
    const canvas = document.createElement("canvas");
    const box = svg.viewBox.baseVal;
    [canvas.width, canvas.height] = [box.width * 2, box.height * 2];
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${name}.${format}`;
  link.click();
}

/**
 * The scorecard's strategy map: perspectives as bands, objectives as boxes coloured by the status
 * of the last complete month (with its shape and word, never colour alone), cause-and-effect
 * arrows, and a marker for initiatives shown on the map. Choosing a box lists what measures it.
 */
export function StrategyMapView({ docId, canEdit }: { docId: number; canEdit: boolean }) {
  const fmt = useFormats();
  const t = useTranslations("map");
  const initiativeStatus = useTranslations("initiatives.status");
  const { data } = useSuspenseQuery(readQuery("maps", { docId }));
  const { data: tree } = useSuspenseQuery(readQuery("tree", { docId }));
  const root = useLocalizedTree(tree.root);
  const map = useMemo(() => mapInWords(data.items[0]!, root), [data, root]);
  const { placed, nodeWidth, height } = layout(map);
  const [chosen, setChosen] = useState<string | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const byGuid = new Map(placed.map((p) => [p.guid, p]));
  const current = chosen ? byGuid.get(chosen) : undefined;
  const initiatives = initiativesByGuid(root);
  const namesOf = (guids: string[]) => guids.map((g) => initiatives.get(g)?.name ?? t("anInitiative")).join("; ");
  // Scores rounded against each objective's own thresholds, as the scorecard's table rounds them.
  const thresholds = kpiThresholds(tree.root);
  const score = (o: { guid: string; score: number | null }) => fmt.score(o.score, thresholds.get(o.guid));

  if (map.perspectives.length === 0) {
    return <Notice tone="empty">{t("noPerspectives")}</Notice>;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("lead")}</p>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => svg.current && download(svg.current, map.name, "svg")}>
            {t("svg")}
          </Button>
          <Button variant="secondary" onClick={() => svg.current && download(svg.current, map.name, "png")}>
            {t("png")}
          </Button>
          <Button variant="secondary" onClick={() => window.print()}>
            {t("print")}
          </Button>
        </div>
      </div>
      <MapList map={map} chosen={chosen} onChoose={setChosen} score={score} initiativesOf={namesOf} />
      <div className={`hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block dark:border-slate-800 dark:bg-slate-900 ${THEME}`}>
        {/* biome-ignore lint/a11y/useSemanticElements: SVG has no fieldset; the map's objectives are a group */}
        <svg
          ref={svg}
          xmlns="http://www.w3.org/2000/svg"
          viewBox={`0 0 ${MAP.width} ${height}`}
          role="group"
          aria-labelledby="map-title"
          className="min-w-[900px]"
          fontFamily="system-ui, sans-serif"
        >
          <title id="map-title">{t("title", { name: map.name, objectives: placed.map((p) => `${p.name}, ${fmt.status(p.status)}`).join("; ") })}</title>
          <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" style={{ fill: "var(--map-arrow, #475569)" }} />
            </marker>
          </defs>
          {map.perspectives.map((p, band) => (
            <g key={p.guid}>
              <rect
                x={0}
                y={band * MAP.band}
                width={MAP.width}
                height={MAP.band}
                style={{ fill: band % 2 ? "var(--map-band-b, #f8fafc)" : "var(--map-band-a, #ffffff)" }}
              />
              <line x1={0} x2={MAP.width} y1={(band + 1) * MAP.band} y2={(band + 1) * MAP.band} style={{ stroke: "var(--map-rule, #e2e8f0)" }} />
              <text x={16} y={band * MAP.band + MAP.band / 2} dominantBaseline="middle" fontSize={15} fontWeight={600} style={{ fill: INK }}>
                {p.name}
              </text>
            </g>
          ))}
          {map.links.map((l) => {
            const [from, to] = [byGuid.get(l.fromGuid), byGuid.get(l.toGuid)];
            return from && to ? (
              <path
                key={`${l.fromGuid}-${l.toGuid}`}
                d={arrowPath(from, to, nodeWidth)}
                fill="none"
                style={{ stroke: "var(--map-arrow, #475569)" }}
                strokeWidth={1.6}
                markerEnd="url(#arrow)"
              />
            ) : null;
          })}
          {placed.map((o) => (
            // biome-ignore lint/a11y/useSemanticElements: SVG has no button; the objective is one, by role and keys
            <g
              key={o.guid}
              role="button"
              tabIndex={0}
              aria-label={`${t("objective", { name: o.name, status: fmt.status(o.status) })}${o.score === null ? "" : ` ${score(o)}`}${o.initiativeGuids.length ? t("withInitiatives", { names: namesOf(o.initiativeGuids) }) : ""}`}
              aria-pressed={chosen === o.guid}
              onClick={() => setChosen(o.guid)}
              onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), setChosen(o.guid))}
              className="cursor-pointer focus:outline-none [&:focus>rect]:stroke-blue-600 [&:focus>rect]:stroke-[3px]"
            >
              <rect
                x={o.x}
                y={o.y}
                width={nodeWidth}
                height={MAP.node.height}
                rx={10}
                style={{ fill: FILL[o.status] }}
                stroke={chosen === o.guid ? "#1d4ed8" : STATUS_TONE[o.status]}
                strokeWidth={chosen === o.guid ? 3 : 1.5}
              />
              <foreignObject x={o.x + 8} y={o.y + 6} width={nodeWidth - 16 - (o.initiativeGuids.length ? 26 : 0)} height={MAP.node.height - 28}>
                <div
                  style={{
                    fontSize: 13,
                    fontWeight: 600,
                    lineHeight: "16px",
                    color: INK,
                    overflow: "hidden",
                    display: "-webkit-box",
                    WebkitLineClamp: 3,
                    WebkitBoxOrient: "vertical",
                  }}
                >
                  {o.name}
                </div>
              </foreignObject>
              <text x={o.x + 10} y={o.y + MAP.node.height - 10} fontSize={11.5} style={{ fill: INK }}>
                {`${STATUS_ICON[o.status]} ${fmt.status(o.status)}${o.score === null ? "" : ` ${score(o)}`}`}
              </text>
              {o.initiativeGuids.length > 0 && (
                <text x={o.x + nodeWidth - 8} y={o.y + 19} fontSize={12} textAnchor="end" style={{ fill: "var(--map-mark, #1e3a8a)" }}>
                  <title>{t("initiativesTitle", { names: namesOf(o.initiativeGuids) })}</title>
                  {`◆ ${o.initiativeGuids.length}`}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t("legend")}</p>
      {current && (
        <section
          aria-label={t("onMap", { name: current.name })}
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="font-semibold">{current.name}</h2>
          <p className="text-slate-600 dark:text-slate-400">
            {current.perspective} · {fmt.status(current.status)}
            {current.score === null ? "" : ` ${score(current)}`}
            {current.month ? t("inMonth", { month: fmt.period(current.month, "MONTH") }) : ""} ·{" "}
            {t("measuredBy", { kpis: current.kpiGuids.length, initiatives: current.initiativeGuids.length })}
          </p>
          {current.initiativeGuids.length > 0 && (
            <>
              <h3 className="mt-3 font-medium">{t("initiatives")}</h3>
              <ul aria-label={t("initiativesOf", { name: current.name })} className="mt-1 flex flex-col gap-1">
                {current.initiativeGuids.map((guid) => {
                  const initiative = initiatives.get(guid);
                  return (
                    <li key={guid}>
                      ◆ {initiative?.name ?? t("anInitiative")}
                      {initiative && <span className="text-slate-600 dark:text-slate-400"> · {initiativeStatus(initiative.status)}</span>}
                    </li>
                  );
                })}
              </ul>
              <h3 className="mt-3 font-medium">{t("measuredByTitle")}</h3>
            </>
          )}
          <ul className="mt-2 flex flex-col gap-1">
            {current.kpiGuids.map((guid) => (
              <li key={guid}>
                <PageLink href={`/s/${docId}?period=MONTH&kpi=${guid}`} className="text-blue-700 underline dark:text-blue-400">
                  {t("chartLink", { name: nameOf(root, guid) })}
                </PageLink>
              </li>
            ))}
          </ul>
        </section>
      )}
      {canEdit && <MapLinksEditor docId={docId} map={map} />}
    </div>
  );
}
