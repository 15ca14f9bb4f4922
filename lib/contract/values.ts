import { z } from "zod";
import { Guid, IsoDate, NullableNumber } from "./common";
import { Status } from "./kpis";

export const MAX_BATCH_ITEMS = 5000;

const fields = {
  value: NullableNumber.optional(),
  target: NullableNumber.optional(),
  baseline: NullableNumber.optional(),
  min: NullableNumber.optional(),
  max: NullableNumber.optional(),
  score: NullableNumber.optional().meta({
    description: "An entered score, 1 = 100 % (the vendor's series): stored beside the computed score, which it does not replace",
  }),
};
export const VALUE_FIELDS = ["value", "target", "baseline", "min", "max", "score"] as const;
export type ValueField = (typeof VALUE_FIELDS)[number];

const namesAField = (item: Partial<Record<ValueField, unknown>>) => VALUE_FIELDS.some((f) => item[f] !== undefined);
const NAME_A_FIELD = "Name at least one of value, target, baseline, min, max, score";

export const ValueWrite = z
  .strictObject(fields)
  .refine(namesAField, NAME_A_FIELD)
  .meta({ id: "ValueWrite", example: { value: 42.5, target: 50 } });
export type ValueWrite = z.infer<typeof ValueWrite>;

const GUID = "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f";
const recordExample = { date: "2024-03-31", value: 42.5, target: 50, baseline: null, min: null, max: null, score: null };
const atDateExample = {
  date: "2024-03-31",
  value: 42.5,
  valueDate: "2024-03-01",
  target: 50,
  targetDate: null,
  baseline: 20,
  baselineDate: null,
  min: 0,
  minDate: null,
  max: 100,
  maxDate: null,
  performance: 0.425,
  progress: 0.75,
  score: 0.75,
  status: "AT_RISK" as const,
};

export const ValueRecord = z
  .object({
    date: z.string(),
    value: z.number().nullable(),
    target: z.number().nullable(),
    baseline: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    score: z.number().nullable().meta({ description: "The entered score, if any (not the computed one)" }),
  })
  .meta({ id: "ValueRecord", example: recordExample });
export type ValueRecord = z.infer<typeof ValueRecord>;

export const ValueRecordList = z
  .object({ items: z.array(ValueRecord) })
  .meta({ id: "ValueRecordList", example: { items: [{ ...recordExample, date: "2024-02-29", value: 40 }, recordExample] } });

export const ValuesAtDate = z
  .object({
    date: z.string(),
    value: z.number().nullable(),
    valueDate: z.string().nullable(),
    target: z.number().nullable(),
    targetDate: z.string().nullable(),
    baseline: z.number().nullable(),
    baselineDate: z.string().nullable(),
    min: z.number().nullable(),
    minDate: z.string().nullable(),
    max: z.number().nullable(),
    maxDate: z.string().nullable(),
    performance: z.number().nullable(),
    progress: z.number().nullable(),
    score: z.number().nullable(),
    status: Status,
  })
  .meta({
    id: "ValuesAtDate",
    description: "The values in effect at a date. Each *Date is when that value was entered (null: the KPI's own scale value, or none).",
    example: atDateExample,
  });
export type ValuesAtDate = z.infer<typeof ValuesAtDate>;

export const GuidValuesAtDate = ValuesAtDate.extend({ guid: z.string() }).meta({
  id: "GuidValuesAtDate",
  example: { guid: GUID, ...atDateExample },
});
export const GuidValuesAtDateList = z
  .object({ values: z.array(GuidValuesAtDate) })
  .meta({ id: "GuidValuesAtDateList", example: { values: [{ guid: GUID, ...atDateExample }] } });

export const BatchSetValueItem = z.strictObject({ guid: Guid, ...fields }).refine(namesAField, NAME_A_FIELD);
const BatchSetValueItems = z.array(BatchSetValueItem).min(1, "Send at least one item");
/** A JSON array of items, or the same array as `{ "values": [...] }` (the vendor's parameter name). */
export const BatchSetValueBody = z
  .union([BatchSetValueItems, z.strictObject({ values: BatchSetValueItems })])
  .transform((body) => (Array.isArray(body) ? body : body.values))
  .meta({ id: "BatchSetValueBody", example: [{ guid: GUID, value: 12 }] });

export const BatchSetValuesItem = z.strictObject({ guid: Guid, date: IsoDate, ...fields }).refine(namesAField, NAME_A_FIELD);
export const BatchSetValuesBody = z.strictObject({ items: z.array(BatchSetValuesItem).min(1, "Send at least one item") }).meta({
  id: "BatchSetValuesBody",
  example: {
    items: [
      { guid: GUID, date: "2024-01-31", value: 12 },
      { guid: GUID, date: "2024-02-29", value: 14, target: 15 },
    ],
  },
});
export type BatchSetValuesItem = z.infer<typeof BatchSetValuesItem>;

export const GuidValueRecord = ValueRecord.extend({ guid: z.string() }).meta({ id: "GuidValueRecord", example: { guid: GUID, ...recordExample } });
export const BatchSetValueResponse = z
  .object({ values: z.array(GuidValueRecord) })
  .meta({ id: "BatchSetValueResponse", example: { values: [{ guid: GUID, ...recordExample }] } });
export const BatchSetValuesResponse = z.object({ written: z.number().int(), values: z.array(GuidValueRecord) }).meta({
  id: "BatchSetValuesResponse",
  description: "`written` counts distinct (KPI, date) records; `values` holds each as stored.",
  example: { written: 1, values: [{ guid: GUID, ...recordExample }] },
});

export const BatchGetValueBody = z
  .strictObject({ guids: z.array(Guid).min(1, "Send at least one GUID").max(MAX_BATCH_ITEMS) })
  .meta({ id: "BatchGetValueBody", example: { guids: [GUID] } });

export const DateRangeQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional() });

export const KpiItem = z
  .object({ guid: z.string(), name: z.string(), measure: z.string(), indicatorType: z.string(), updateInterval: z.string() })
  .meta({ id: "KpiItem", description: "The KPI the figures belong to (the vendor's `item`)" });

const itemExample = { guid: GUID, name: "Net promoter score", measure: "points", indicatorType: "INDICATOR", updateInterval: "MONTH" };
const written = { valueDate: "2024-03-31", targetDate: "2024-03-31", baselineDate: null, minDate: null, maxDate: null, scoreDate: null };

/** The single write's answer: the record as stored, each field's date (null when not stored), and the KPI. */
export const WrittenValue = ValueRecord.extend({
  valueDate: z.string().nullable(),
  targetDate: z.string().nullable(),
  baselineDate: z.string().nullable(),
  minDate: z.string().nullable(),
  maxDate: z.string().nullable(),
  scoreDate: z.string().nullable(),
  item: KpiItem,
}).meta({ id: "WrittenValue", example: { ...recordExample, ...written, item: itemExample } });
export type WrittenValue = z.infer<typeof WrittenValue>;

export const ValuesAtDateWithItem = ValuesAtDate.extend({ item: KpiItem }).meta({
  id: "ValuesAtDateWithItem",
  example: { ...atDateExample, item: itemExample },
});

/** The vendor's batch read body: a bare array of GUIDs, or Gauge's `{ "guids": [...] }`. */
export const BatchGetValueRequest = z
  .union([z.array(Guid).min(1, "Send at least one GUID").max(MAX_BATCH_ITEMS), BatchGetValueBody])
  .transform((body) => (Array.isArray(body) ? body : body.guids))
  .meta({ id: "BatchGetValueRequest", example: [GUID] });

export const RecordsQuery = z.object({
  field: z.enum(VALUE_FIELDS).meta({ description: "Only records holding this figure" }),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
});

export const GuidValueRecordList = z
  .object({ items: z.array(GuidValueRecord) })
  .meta({ id: "GuidValueRecordList", example: { items: [{ guid: GUID, ...recordExample }] } });
