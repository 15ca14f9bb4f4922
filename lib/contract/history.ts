import { z } from "zod";
import { IsoDate } from "./common";

const GUID = "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f";
const nothing = { value: null, target: null, baseline: null, min: null, max: null, score: null };
const author = { userId: 7, email: "ana@example.com", apiKey: "Nightly ERP export", via: "api" } as const;

const figure = z.number().nullable();
export const RecordFigures = z
  .object({ value: figure, target: figure, baseline: figure, min: figure, max: figure, score: figure })
  .meta({ id: "RecordFigures", description: "A value record's six figures; all null: there was no record" });
export type RecordFigures = z.infer<typeof RecordFigures>;

const VIA = ["api", "dashboard", "import", "cli", "system", "connector", "mcp"] as const;
export const ChangeAuthor = z
  .object({
    userId: z.number().int().nullable(),
    email: z.string().nullable().meta({ description: "Who it was when it happened (kept when the user is gone); null for the system" }),
    apiKey: z.string().nullable().meta({ description: "The API key's name, when a key made the change" }),
    via: z.enum(VIA).meta({
      description: "Through what: the API (scripts), the dashboard, an import, the CLI, the system, or a connector's run (its run names the change set)",
    }),
  })
  .meta({ id: "ChangeAuthor", example: author });
export type ChangeAuthor = z.infer<typeof ChangeAuthor>;

const revisionExample = {
  changeId: 41,
  at: "2026-11-03T08:30:00.000Z",
  by: author,
  date: "2026-10-01",
  action: "changed",
  before: { ...nothing, value: 1250 },
  after: { ...nothing, value: 12.5 },
} as const;
export const ValueRevision = z
  .object({
    changeId: z.number().int().meta({ description: "The change set it belongs to (one batch, one save, one import, one revert)" }),
    at: z.string(),
    by: ChangeAuthor,
    date: IsoDate,
    action: z.enum(["created", "changed", "deleted"]),
    before: RecordFigures,
    after: RecordFigures,
  })
  .meta({ id: "ValueRevision", example: revisionExample });
export type ValueRevision = z.infer<typeof ValueRevision>;

const Limit = z.coerce.number().int().min(1, "At least 1").max(500, "At most 500").default(100);
const Before = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().meta({ description: "The page after the previous one: its `next`" });

export const RevisionQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional(), limit: Limit, before: Before });
export const RevisionPage = z
  .object({ items: z.array(ValueRevision), next: z.number().int().nullable().meta({ description: "Pass as `before` for the next page; null on the last" }) })
  .meta({ id: "RevisionPage", description: "Newest first", example: { items: [revisionExample], next: null } });
export type RevisionPage = z.infer<typeof RevisionPage>;

const changeExample = { id: 41, at: "2026-11-03T08:30:00.000Z", by: author, records: 12, reverts: null, revertedBy: null };
export const ChangeSet = z
  .object({
    id: z.number().int(),
    at: z.string(),
    by: ChangeAuthor,
    records: z.number().int().meta({ description: "How many value records it created, changed or deleted" }),
    reverts: z.number().int().nullable().meta({ description: "The change set this one undid" }),
    revertedBy: z.number().int().nullable().meta({ description: "The change set that undid this one" }),
  })
  .meta({ id: "ChangeSet", example: changeExample });
export type ChangeSet = z.infer<typeof ChangeSet>;

export const ChangeQuery = z.object({ limit: Limit, before: Before });
export const ChangeSetPage = z
  .object({ items: z.array(ChangeSet), next: z.number().int().nullable().meta({ description: "Pass as `before` for the next page; null on the last" }) })
  .meta({ id: "ChangeSetPage", description: "Newest first", example: { items: [changeExample], next: null } });
export type ChangeSetPage = z.infer<typeof ChangeSetPage>;

const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");
export const RevertQuery = z.object({
  dryRun: flag.meta({ description: "true: answer what would change, and change nothing" }),
  overwrite: flag.meta({ description: "true: also put back records that a later change touched (their later figures are replaced)" }),
});

const revertedExample = { guid: GUID, kpiName: "Revenue", date: "2026-10-01", from: { ...nothing, value: 12.5 }, to: { ...nothing, value: 1250 } };
export const RevertedRecord = z
  .object({ guid: z.string(), kpiName: z.string(), date: IsoDate, from: RecordFigures, to: RecordFigures })
  .meta({ id: "RevertedRecord", example: revertedExample });
export const RevertResult = z
  .object({
    dryRun: z.boolean(),
    changeId: z.number().int().nullable().meta({ description: "The change set the revert made (null for a dry run, or when nothing needed to change)" }),
    records: z.array(RevertedRecord),
  })
  .meta({ id: "RevertResult", example: { dryRun: false, changeId: 42, records: [revertedExample] } });
export type RevertResult = z.infer<typeof RevertResult>;

export const LockPeriods = z
  .strictObject({ lockedUntil: IsoDate.nullable().meta({ description: "Lock every value dated on or before it; null unlocks" }) })
  .meta({ id: "LockPeriods", example: { lockedUntil: "2026-09-30" } });
