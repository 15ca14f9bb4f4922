import "server-only";
import { and, gte, inArray, lte, sql } from "drizzle-orm";
import { AddedNote, AddNoteArgs, PreviewedValues, RevertArgs, Reverted, WriteValuesArgs, WrittenValues } from "@/lib/contract/mcp";
import type { ValueRecord } from "@/lib/contract/values";
import type { Tx } from "@/lib/db/client";
import { kpiValues } from "@/lib/db/schema";
import { queryRows } from "@/lib/db/query";
import type { Ctx } from "../context";
import { createNote } from "../domain/notes";
import { revertChange } from "../domain/revert";
import { writeBatch } from "../domain/values";
import type { WriteItem } from "../domain/value-writes";
import { defineTool } from "./tool";

type Written = Awaited<ReturnType<typeof writeBatch>>;

/**
 * Writes the items as the REST batch does, in a transaction of its own so that the change set the
 * write made can be named (it lives in the transaction's `gauge.change_set_<scorecard>`); `keep`
 * decides, from what was stored before and what the write stored, whether it commits.
 */
async function writeInTransaction<T>(
  ctx: Ctx,
  docId: number,
  items: WriteItem[],
  keep: boolean,
  answer: (w: { before: Map<string, ValueRecord>; written: Written; changeId: number | null }) => T,
) {
  let result: T | undefined;
  const rollback = new Error("a preview writes nothing");
  try {
    await ctx.deps.db.transaction(async (tx) => {
      const before = await storedAt(tx, items);
      const written = await writeBatch({ ...ctx, deps: { ...ctx.deps, db: tx } }, { docId, items, path: (i) => `items.${i}` });
      const [change] = await queryRows<{ id: string | null }>(tx, sql`SELECT nullif(current_setting(${`gauge.change_set_${docId}`}, true), '') AS id`);
      result = answer({ before, written, changeId: change?.id ? Number(change.id) : null });
      if (!keep) throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
  return result as T;
}

const keyOf = (guid: string, date: string) => `${guid}|${date}`;

/** The records stored now at the items' KPIs and dates. */
async function storedAt(tx: Tx, items: WriteItem[]): Promise<Map<string, ValueRecord>> {
  const guids = [...new Set(items.map((i) => i.guid))];
  const dates = items.map((i) => i.date).sort();
  const rows = await tx
    .select()
    .from(kpiValues)
    .where(and(inArray(kpiValues.kpiGuid, guids), gte(kpiValues.date, dates[0]!), lte(kpiValues.date, dates.at(-1)!)));
  return new Map(
    rows.map((r) => [
      keyOf(r.kpiGuid, r.date),
      { date: r.date, value: r.value, target: r.target, baseline: r.baseline, min: r.min, max: r.max, score: r.score },
    ]),
  );
}

const FIGURES = ["value", "target", "baseline", "min", "max", "score"] as const;

export const writeTools = [
  defineTool({
    name: "preview_values",
    title: "Preview a write",
    description:
      "What write_values would do with the same items, nothing stored: each record new, changed or unchanged, with its figures before and after. " +
      "A write that would be refused (an unknown KPI, a calculated KPI, a value outside the KPI's valid range, a locked period, a missing note) is refused here with the same reasons.",
    input: WriteValuesArgs,
    output: PreviewedValues,
    run: (ctx, { scorecardId, items }) =>
      writeInTransaction(ctx, scorecardId, items, false, ({ before, written }) => {
        const rows = written.map(({ guid, ...after }) => {
          const was = before.get(keyOf(guid, after.date)) ?? null;
          const change = !was ? "new" : FIGURES.every((f) => was[f] === after[f]) ? "unchanged" : "changed";
          return { guid, date: after.date, change, before: was, after } as const;
        });
        const count = (c: string) => rows.filter((r) => r.change === c).length;
        return { wouldWrite: rows.length - count("unchanged"), new: count("new"), changed: count("changed"), unchanged: count("unchanged"), items: rows };
      }),
  }),
  defineTool({
    name: "write_values",
    title: "Write values",
    description:
      "Writes KPI records, all or nothing, as one change set recorded through the channel mcp with this key's name; answers the change's id, " +
      "which list_changes shows and revert_change undoes. Preview the same items with preview_values first.",
    input: WriteValuesArgs,
    output: WrittenValues,
    writes: { destructive: false, idempotent: true },
    run: (ctx, { scorecardId, items }) =>
      writeInTransaction(ctx, scorecardId, items, true, ({ written, changeId }) => ({ written: written.length, changeId, values: written })),
  }),
  defineTool({
    name: "revert_change",
    title: "Revert a change",
    description:
      "Undoes a change set (its id from list_changes or write_values): each record it touched goes back to what it was. " +
      "dryRun (the default) answers what would change and changes nothing; records changed again since are left alone unless overwrite is true.",
    input: RevertArgs,
    output: Reverted,
    writes: { destructive: true, idempotent: false },
    run: (ctx, { scorecardId, changeId, dryRun, overwrite }) => revertChange(ctx, { docId: scorecardId, changeId, dryRun, overwrite }),
  }),
  defineTool({
    name: "add_note",
    title: "Add a note",
    description: "Says why a KPI's number moved in a period: the note shows beside the figure in the dashboard, the grouped read and board packs.",
    input: AddNoteArgs,
    output: AddedNote,
    writes: { destructive: false, idempotent: false },
    run: (ctx, { scorecardId, kpiGuid, date, text }) => createNote(ctx, { docId: scorecardId, guid: kpiGuid, input: { date, text } }),
  }),
];
