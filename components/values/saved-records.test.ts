import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { EnteredRecord } from "./grid-model";
import { withSavedRecords } from "./saved-records";

describe("a plan's records after a save", () => {
  const plan: EnteredRecord[] = [
    { guid: "a", date: "2026-01-01", target: 10 },
    { guid: "a", date: "2026-03-01", target: 30 },
    { guid: "b", date: "2026-02-01", target: 5 },
  ];

  it("replaces, adds in date order, drops emptied records and keeps the KPIs' order", () => {
    const saved: EnteredRecord[] = [
      { guid: "a", date: "2026-02-01", value: 7, target: 20 },
      { guid: "a", date: "2026-03-01", value: 1, target: null },
      { guid: "b", date: "2026-02-01", target: 6 },
      { guid: "c", date: "2026-01-01", target: 1 },
      { guid: "b", date: "2027-01-01", target: 9 },
    ];
    expect(withSavedRecords(plan, saved, "target", "2026-12-31")).toEqual([
      { guid: "a", date: "2026-01-01", target: 10 },
      { guid: "a", date: "2026-02-01", value: 7, target: 20 },
      { guid: "b", date: "2026-02-01", target: 6 },
      { guid: "c", date: "2026-01-01", target: 1 },
    ]);
  });

  it("equals what a fresh read would answer: every (KPI, date) once, holding the field, by KPI then date", () => {
    const record = fc.record({
      guid: fc.constantFrom("a", "b", "c"),
      date: fc.constantFrom("2026-01-01", "2026-02-01", "2026-03-01"),
      target: fc.option(fc.integer(), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(record), fc.array(record), (before, saves) => {
        const unique = (rs: EnteredRecord[]) => [...new Map(rs.map((r) => [`${r.guid}|${r.date}`, r])).values()];
        const stored = unique(before).filter((r) => r.target !== null);
        const saved = unique(saves);
        const after = withSavedRecords(stored, saved, "target");
        const truth = new Map(stored.map((r) => [`${r.guid}|${r.date}`, r.target]));
        for (const r of saved) truth.set(`${r.guid}|${r.date}`, r.target);
        expect(new Map(after.map((r) => [`${r.guid}|${r.date}`, r.target]))).toEqual(new Map([...truth].filter(([, t]) => t !== null)));
        for (let i = 1; i < after.length; i++) if (after[i]!.guid === after[i - 1]!.guid) expect(after[i]!.date > after[i - 1]!.date).toBe(true);
      }),
    );
  });
});
