import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Point } from "@/lib/contract/grouped";
import type { Kpi } from "@/lib/contract/kpis";
import { useFormats } from "@/lib/i18n/use-formats";

/** Why a point has its colour, in the page's own numbers and the reader's words. */
export function useExplainPoint(): (point: Point | undefined, kpi: Kpi) => string {
  const t = useTranslations("kpi.explain");
  const f = useFormats();
  return useCallback(
    (point, kpi) => {
      if (!point || point.value === null) return t("noValue");
      const rule = t("rule", { status: f.status(point.status), meaning: f.statusMeaning(point.status, kpi.thresholds) });
      const score = f.score(point.score, kpi.thresholds);
      if (kpi.indicatorType === "CONTAINER") return t("container", { score, rule });
      const value = f.value(point.value, kpi.measure);
      const target = f.value(point.target, kpi.measure);
      if (kpi.optimization === "BINARY") return point.target === null ? t("noTargetBinary") : t("binary", { value, target, met: String(point.score === 1) });
      if (point.target === null) return point.score === null ? t("noScale") : t("scaleOnly", { score, rule });
      const from = point.baseline === null ? "" : t("fromBaseline", { baseline: f.value(point.baseline, kpi.measure) });
      return t("full", { value, target, better: kpi.optimization === "MINIMIZE" ? t("lessBetter") : "", score, from, rule });
    },
    [t, f],
  );
}
