import { describe, expect, it } from "vitest";
import type { KpiNode } from "@/lib/contract/kpis";
import { localizedTree } from "./localized";

const node = (name: string, extra: Partial<KpiNode> = {}): KpiNode => ({ name, measure: "", children: [], initiatives: [], ...extra }) as unknown as KpiNode;

describe("a tree in its reader's language", () => {
  it("reads a KPI's name, description and unit where translated, the originals elsewhere", () => {
    const runway = node("Cash runway", { measure: "months", translations: { es: { measure: "meses" } } });
    const churn = node("Churn", { measure: "%", description: "Customers lost", translations: { es: { name: "Abandono" } } });
    const root = node("Acme", { children: [runway, churn] });
    const [es, en] = [localizedTree(root, "es"), localizedTree(root, "en")];
    expect(es.children.map((k) => [k.name, k.measure, k.description ?? ""])).toEqual([
      ["Cash runway", "meses", ""],
      ["Abandono", "%", "Customers lost"],
    ]);
    expect(en.children.map((k) => [k.name, k.measure])).toEqual([
      ["Cash runway", "months"],
      ["Churn", "%"],
    ]);
  });
});
