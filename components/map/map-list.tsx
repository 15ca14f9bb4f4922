"use client";

import type { StrategyMap } from "@/lib/contract/maps";
import { useFormats } from "@/lib/i18n/use-formats";
import { STATUS_ICON, STATUS_TONE } from "@/components/kpi/status-badge";

/**
 * The strategy map on a phone: each perspective with its objectives as a list, read top to bottom
 * instead of a drawing too wide to read. Choosing an objective opens the same detail as the map.
 */
export function MapList({
  map,
  chosen,
  onChoose,
  score,
  initiativesOf,
}: {
  map: StrategyMap;
  chosen: string | null;
  onChoose: (guid: string) => void;
  score: (objective: { guid: string; score: number | null }) => string;
  initiativesOf: (guids: string[]) => string;
}) {
  const fmt = useFormats();
  return (
    <div className="flex flex-col gap-4 sm:hidden">
      {map.perspectives.map((perspective) => (
        <section
          key={perspective.guid}
          aria-label={perspective.name}
          className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 className="mb-2 text-sm font-semibold">{perspective.name}</h2>
          <ul className="flex flex-col gap-2">
            {perspective.objectives.map((o) => (
              <li key={o.guid}>
                <button
                  type="button"
                  aria-pressed={chosen === o.guid}
                  onClick={() => onChoose(o.guid)}
                  className={`flex min-h-11 w-full flex-col items-start rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${chosen === o.guid ? "border-blue-700 dark:border-blue-400" : "border-slate-200 dark:border-slate-700"}`}
                >
                  <span className="font-medium">{o.name}</span>
                  <span className="text-xs text-slate-700 dark:text-slate-300">
                    <span aria-hidden style={{ color: STATUS_TONE[o.status] }}>
                      {STATUS_ICON[o.status]}
                    </span>{" "}
                    {fmt.status(o.status)}
                    {o.score === null ? "" : ` ${score(o)}`}
                    {o.initiativeGuids.length > 0 && ` · ◆ ${initiativesOf(o.initiativeGuids)}`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
