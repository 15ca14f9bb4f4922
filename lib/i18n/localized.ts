import type { KpiNode } from "@/lib/contract/kpis";
import type { Translations } from "@/lib/contract/translations";

type Named = { name: string; description?: string; measure?: string; translations?: Translations | null };

/** A name, description and (a KPI's) unit in `locale` where a translation exists, the original otherwise. */
export function localized(item: Named, locale: string): { name: string; description: string; measure: string } {
  const own = item.translations?.[locale as keyof Translations];
  return { name: own?.name ?? item.name, description: own?.description ?? item.description ?? "", measure: own?.measure ?? item.measure ?? "" };
}

/** A tree with every KPI's and initiative's name and description in `locale` where translated. */
export function localizedTree(node: KpiNode, locale: string): KpiNode {
  return {
    ...node,
    ...localized(node, locale),
    initiatives: node.initiatives.map((i) => {
      const { name, description } = localized(i, locale);
      return { ...i, name, description };
    }),
    children: node.children.map((child) => localizedTree(child, locale)),
  };
}
