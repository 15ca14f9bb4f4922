import { describe, expect, it } from "vitest";
import { formatsFor } from "@/lib/i18n/server";
import type { GroupedValues } from "@/lib/contract/grouped";
import { groupedPoint, kpiNode } from "@/lib/testing/shapes";
import { applyPaste, buildGrid, cellKey, doubtfulChanges, pendingChanges, toBatchItems } from "./grid-model";

const { period: periodLabel } = formatsFor("en");

describe("values far from what a KPI usually holds", () => {
  const months = ["2024-01-01", "2024-02-01", "2024-03-01", "2024-04-01", "2024-05-01"];
  const revenueTree = kpiNode("root", "Root", {
    indicatorType: "CONTAINER",
    acceptValueData: false,
    children: [kpiNode("r", "Revenue", { min: 0, max: 2_500_000 }), kpiNode("p", "Patches", { min: 0, max: 50 }), kpiNode("n", "New")],
  });
  const history: GroupedValues = {
    start: months[0]!,
    end: "2024-05-31",
    period: "MONTH",
    items: [
      {
        guid: "r",
        name: "Revenue",
        measure: "USD",
        points: months.map((m, i) => groupedPoint(m, i < 4 ? 1_700_000 + i * 10_000 : null, i < 4 ? "ENTERED" : "NONE")),
      },
      { guid: "p", name: "Patches", measure: "USD", points: months.map((m) => groupedPoint(m, null, "NONE")) },
      { guid: "n", name: "New", measure: "USD", points: months.map((m, i) => groupedPoint(m, i < 3 ? 100 : null, i < 3 ? "ENTERED" : "NONE")) },
    ],
  };
  const revenue = buildGrid(revenueTree, history, "MONTH", periodLabel);
  const change = (guid: string, date: string, value: number) => ({ key: cellKey(guid, date), guid, date, value });
  const fmt = (n: number) => String(n);

  it("names a typo far below the KPI's usual values", () => {
    const [doubt] = doubtfulChanges(revenue, [change("r", "2024-05-01", 77)], fmt);
    expect(doubt).toMatchObject({ kpi: "Revenue", period: "May 2024", value: 77, reason: "less than a tenth of its usual 1715000" });
  });

  it("names a value far outside the KPI's scale, and one ten times the usual", () => {
    expect(doubtfulChanges(revenue, [change("p", "2024-05-01", 500)], fmt)[0]?.reason).toBe("far outside its scale of 0 to 50");
    expect(doubtfulChanges(revenue, [change("r", "2024-05-01", 25_000_000)], fmt)[0]?.reason).toBe("far outside its scale of 0 to 2500000");
    expect(doubtfulChanges(revenue, [change("r", "2024-05-01", -1_700_000)], fmt)[0]?.reason).toBe("of the other sign than its usual 1715000");
    expect(doubtfulChanges(revenue, [change("n", "2024-05-01", 5000)], fmt)[0]?.reason).toBe("50 times its usual 100");
  });

  it("lets ordinary values and cleared cells through", () => {
    expect(doubtfulChanges(revenue, [change("r", "2024-05-01", 1_900_000), change("p", "2024-05-01", 12), change("n", "2024-05-01", 300)], fmt)).toEqual([]);
    expect(doubtfulChanges(revenue, [{ ...change("r", "2024-05-01", 0), value: null }], fmt)).toEqual([]);
  });
});

describe("the grid as a plan of targets", () => {
  const months = [
    ["2024-01-01", "2024-01-31"],
    ["2024-02-01", "2024-02-29"],
    ["2024-03-01", "2024-03-31"],
    ["2024-04-01", "2024-04-30"],
  ] as const;
  const planTree = kpiNode("root", "Root", {
    indicatorType: "CONTAINER",
    acceptValueData: false,
    children: [kpiNode("a", "Sales", { target: 50 }), kpiNode("b", "Costs")],
  });
  const planGrouped: GroupedValues = {
    start: "2024-01-01",
    end: "2024-04-30",
    period: "MONTH",
    items: [{ guid: "a", name: "Sales", measure: "USD", points: months.map(([start, end]) => groupedPoint(start, null, "NONE", { end })) }],
  };
  const records = [
    { guid: "a", date: "2023-12-01", target: 70 },
    { guid: "a", date: "2024-02-10", target: 80 },
    { guid: "a", date: "2024-02-20", target: 90 },
    { guid: "b", date: "2024-03-01", target: 5 },
  ];
  const plan = buildGrid(planTree, planGrouped, "MONTH", periodLabel, "target", records);

  it("shows each period's own entered target, and the one in force elsewhere as a hint", () => {
    expect([...plan.entered]).toEqual([
      [cellKey("a", "2024-02-01"), 90],
      [cellKey("b", "2024-03-01"), 5],
    ]);
    // January: December's 70 (not the KPI's own 50); March and April: February's last, 90.
    expect([...plan.inherited]).toEqual([
      [cellKey("a", "2024-01-01"), 70],
      [cellKey("a", "2024-03-01"), 90],
      [cellKey("a", "2024-04-01"), 90],
      [cellKey("b", "2024-04-01"), 5],
    ]);
  });

  it("sends a pasted year of targets as target fields, one record per period, and nothing for unchanged cells", () => {
    const { draft } = applyPaste(plan, {}, 0, 0, "100\t90\t110\t120");
    const { changes } = pendingChanges(plan, draft);
    expect(toBatchItems(changes, "target")).toEqual([
      { guid: "a", date: "2024-01-01", target: 100 },
      { guid: "a", date: "2024-03-01", target: 110 },
      { guid: "a", date: "2024-04-01", target: 120 },
    ]);
    expect(doubtfulChanges(plan, changes, String)).toEqual([]);
  });
});
