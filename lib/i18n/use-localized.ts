import { useLocale } from "next-intl";
import { useCallback, useMemo } from "react";
import type { KpiNode } from "@/lib/contract/kpis";
import { localized, localizedTree } from "./localized";

/** `localized` in the reader's locale. */
export function useLocalized(): (item: Parameters<typeof localized>[0]) => { name: string; description: string } {
  const locale = useLocale();
  return useCallback((item: Parameters<typeof localized>[0]) => localized(item, locale), [locale]);
}

/** A scorecard's tree as its reader reads it: every KPI's and initiative's name and description in their language where translated. */
export function useLocalizedTree(root: KpiNode): KpiNode {
  const locale = useLocale();
  return useMemo(() => localizedTree(root, locale), [root, locale]);
}
