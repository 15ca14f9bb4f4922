import { z } from "zod";
import { Guid, IsoDate } from "./common";
import { ScorecardForecast, WhatIf, WhatIfAnswer } from "./forecast";
import { ChangeSetPage, RevertResult, RevisionPage } from "./history";
import { Note } from "./notes";
import { Period, Status } from "./kpis";
import { Series } from "./grouped";
import { BatchSetValuesItem, GuidValueRecord, MAX_BATCH_ITEMS, ValueRecord } from "./values";

// The MCP tools' arguments and answers: JSON Schemas an assistant reads without the docs, from the
// same zod the REST API's contract uses where the two say the same thing.

const scorecardId = z.number().int().positive().describe("The scorecard's id, as list_scorecards gives it");
const kpiGuid = Guid.describe("The KPI's GUID, as get_scorecard or find_kpis gives it");

export const ScorecardArgs = { scorecardId };

export const ScorecardSummaries = z.object({
  scorecards: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      kpiCount: z.number().int(),
      access: z.enum(["read", "write"]).describe("What this key may do with it"),
      lockedUntil: z.string().nullable().optional(),
    }),
  ),
});

const Latest = z
  .object({
    start: z.string(),
    end: z.string(),
    value: z.number().nullable(),
    target: z.number().nullable(),
    score: z.number().nullable().describe("0 at or below the baseline, 1 at the target: what the status and colours follow"),
    status: Status,
    complete: z.boolean().describe("False for the period holding today (figures so far)"),
  })
  .nullable()
  .describe("The KPI's latest period with a value, in its own update interval (null: none in the last 400 days)");

export const ScorecardKpis = z.object({
  scorecard: z.object({ id: z.number().int(), name: z.string(), lockedUntil: z.string().nullable().describe("Values dated on or before it cannot change") }),
  kpis: z.array(
    z.object({
      guid: z.string(),
      name: z.string(),
      parentGuid: z.string().nullable(),
      depth: z.number().int().describe("0 for the scorecard's root, 1 for its perspectives, and so on"),
      kind: z.string().describe("INDICATOR, CONTAINER (its children roll up into it) or a calculated type"),
      updateInterval: Period,
      measure: z.string(),
      latest: Latest,
    }),
  ),
});

export const FindKpisArgs = {
  query: z.string().trim().min(1).max(200).describe("Part of a KPI's name or alias, in any case"),
};
export const FoundKpis = z.object({
  kpis: z.array(z.object({ scorecardId: z.number().int(), scorecardName: z.string(), guid: z.string(), name: z.string(), alias: z.string().nullable() })),
});

export const ReadValuesArgs = {
  scorecardId,
  kpiGuid,
  from: IsoDate.optional().describe("First date (YYYY-MM-DD), inclusive"),
  to: IsoDate.optional().describe("Last date (YYYY-MM-DD), inclusive"),
};
export const ValueRecords = z.object({ records: z.array(ValueRecord) });

export const ReadGroupedArgs = {
  scorecardId,
  period: Period.describe("DAY, WEEK, MONTH, QUARTER, HALF_YEAR or YEAR"),
  from: IsoDate.describe("First date of the range (YYYY-MM-DD)"),
  to: IsoDate.describe("Last date of the range (YYYY-MM-DD)"),
  kpiGuids: z.array(Guid).max(500).optional().describe("Only these KPIs (default: every KPI of the scorecard)"),
};
export const GroupedSeries = z.object({ start: z.string(), end: z.string(), period: Period, items: z.array(Series) });

export const WriteValuesArgs = {
  scorecardId,
  items: z
    .array(BatchSetValuesItem)
    .min(1)
    .max(MAX_BATCH_ITEMS)
    .describe("Records to write: each a KPI's GUID, a date (YYYY-MM-DD) and the figures to set (value, target, baseline, min, max, score)"),
};
export const PreviewedValues = z.object({
  wouldWrite: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  items: z.array(
    z.object({ guid: z.string(), date: z.string(), change: z.enum(["new", "changed", "unchanged"]), before: ValueRecord.nullable(), after: ValueRecord }),
  ),
});
export const WrittenValues = z.object({
  written: z.number().int(),
  changeId: z.number().int().nullable().describe("The change set that holds the write: revert_change undoes it"),
  values: z.array(GuidValueRecord),
});

export const ListChangesArgs = {
  scorecardId,
  limit: z.number().int().min(1).max(100).default(20),
  before: z.number().int().positive().optional().describe("Only changes older than this change's id (the next page)"),
};
// Fresh objects: a schema registered under an id becomes a $ref, and an output schema's root must be an object.
export const ChangePage = z.object(ChangeSetPage.shape);

export const RevertArgs = {
  scorecardId,
  changeId: z.number().int().positive(),
  dryRun: z.boolean().default(true).describe("true (the default): what the revert would change, nothing changed"),
  overwrite: z.boolean().default(false).describe("Revert even records changed again since"),
};
export const Reverted = z.object(RevertResult.shape);

export const KpiHistoryArgs = {
  scorecardId,
  kpiGuid,
  from: IsoDate.optional().describe("Only revisions of records dated on or after it"),
  to: IsoDate.optional().describe("Only revisions of records dated on or before it"),
  limit: z.number().int().min(1).max(100).default(20),
  before: z.number().int().positive().optional().describe("Only revisions older than this one's id (the next page)"),
};
export const KpiRevisions = z.object(RevisionPage.shape);

export const ForecastArgs = {
  scorecardId,
  period: Period.describe("The periods to forecast in: DAY, WEEK, MONTH, QUARTER, HALF_YEAR or YEAR"),
  horizon: IsoDate.optional().describe("The last date forecast (default: the end of the year)"),
  kpiGuids: z.array(Guid).max(500).optional().describe("Only these KPIs (default: every KPI)"),
};
export const Forecasts = z.object(ScorecardForecast.shape);

export const WhatIfArgs = { scorecardId, ...WhatIf.shape };
export const WhatIfOutcome = z.object({
  period: Period,
  start: z.string(),
  end: z.string(),
  moved: WhatIfAnswer.shape.moved,
  verdicts: WhatIfAnswer.shape.verdicts,
});

export const AddNoteArgs = {
  scorecardId,
  kpiGuid,
  date: IsoDate.describe("A date in the period the note explains (YYYY-MM-DD)"),
  text: z.string().trim().min(1).max(2000).describe("Why the number moved, in a sentence or two"),
};
export const AddedNote = z.object(Note.shape);

export const ExplainArgs = {
  scorecardId,
  kpiGuid: kpiGuid.describe("The KPI, objective or perspective whose colour to explain"),
  date: IsoDate.optional().describe("A date in the period to explain (default: today)"),
  period: Period.optional().describe("The period (default: the KPI's own update interval)"),
};
const Scored = z.object({ guid: z.string(), name: z.string(), value: z.number().nullable(), score: z.number().nullable(), status: Status });
export const Explanation = z.object({
  kpi: z.object({
    guid: z.string(),
    name: z.string(),
    kind: z.string(),
    measure: z.string(),
    optimization: z.enum(["MAXIMIZE", "MINIMIZE", "BINARY"]).describe("MINIMIZE: less is better; BINARY: met or not"),
    formula: z.string().nullable(),
  }),
  period: z.object({ start: z.string(), end: z.string(), complete: z.boolean() }),
  value: z.number().nullable(),
  target: z.number().nullable(),
  baseline: z.number().nullable(),
  score: z.number().nullable().describe("0 at or below the baseline, 1 at the target"),
  status: Status,
  thresholds: z.object({ onTrack: z.number(), atRisk: z.number() }).describe("ON_TRACK from onTrack's score up, AT_RISK from atRisk's, OFF_TRACK below"),
  because: z.string().describe("The rule that gives this status, in a sentence"),
  children: z
    .array(
      Scored.extend({
        weight: z.number(),
        share: z.number().describe("The child's part of the weighted score (its weight over the weights of the children with a score)"),
      }),
    )
    .describe("For a container: the children whose weighted scores make its score"),
});
