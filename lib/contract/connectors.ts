import { z } from "zod";
import { Guid, IsoDate, RowId } from "./common";
import { PERIODS } from "./constants";

export const CONNECTOR_KINDS = ["postgres", "mysql", "json", "csv", "push"] as const;
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];
export const CONNECTOR_SHAPES = ["rows", "period", "snapshot"] as const;
/** The value record's figures a row may carry besides its value. */
export const MAPPED_FIGURES = ["target", "baseline", "min", "max"] as const;

const GUID = "0b6f1a52-6c8e-4c1e-9d7a-3f2b1c0d9e8f";
const column = z.string().trim().min(1).max(500);

export const ConnectorMapping = z
  .strictObject({
    rows: column
      .optional()
      .meta({ description: "json: the JSONPath of the rows (default `$[*]`); csv: the worksheet of an Excel workbook (default the first)" }),
    kpi: column.optional().meta({ description: "The column (or, for json, the JSONPath) naming the KPI: its GUID or exact name" }),
    kpiGuid: Guid.optional().meta({ description: "The one KPI a per-period or snapshot connector (or a rows source without a KPI column) feeds" }),
    date: column.optional().meta({ description: "The column holding the date; none for a snapshot" }),
    value: column.optional().meta({ description: "The column holding the value (default: a SQL query's first column for per-period and snapshot)" }),
    target: column.optional(),
    baseline: column.optional(),
    min: column.optional(),
    max: column.optional(),
    offPeriod: z
      .enum(["add", "periodStart", "reject"])
      .optional()
      .meta({
        description:
          "A row dated inside one of a summing KPI's periods but not on its first date (the 1st of October for a weekly KPI): " +
          "written where it is dated, adding to that period's total, and told in the run's `notices` (`add`, the default); " +
          "written at the period's first date as its total (`periodStart`); or rejected with its reason (`reject`)",
      }),
  })
  .meta({
    id: "ConnectorMapping",
    description: "Which column or JSONPath holds each part of a value. A JSONPath starts with `$`; anything else names a field or column.",
  });
export type ConnectorMapping = z.infer<typeof ConnectorMapping>;

const ConnectorSchedule = z
  .strictObject({
    cron: z.string().trim().min(9).max(120).meta({ description: "Five fields (minute hour day month weekday); never more often than every 5 minutes" }),
    timeZone: z.string().trim().min(1).max(64).default("UTC").meta({ description: "An IANA time zone, e.g. Europe/Madrid" }),
  })
  .meta({ id: "ConnectorSchedule" });

const Headers = z
  .record(z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, "Invalid header name"), z.string().max(4000))
  .refine((h) => Object.keys(h).length <= 20, "At most 20 headers");
const ConnectorSource = z
  .strictObject({
    url: z.string().trim().min(1).max(2000).meta({ description: "postgres://, mysql:// (MariaDB too), or an http(s) URL for json and csv" }),
    headers: Headers.optional().meta({ description: "json and csv: headers sent with the request (an API key, a bearer token); values are never shown again" }),
  })
  .meta({ id: "ConnectorSource" });

const connectorFields = {
  name: z.string().trim().min(1, "name is required").max(200),
  kind: z.enum(CONNECTOR_KINDS),
  shape: z
    .enum(CONNECTOR_SHAPES)
    .meta({ description: "rows: KPI, date and value per row; period: one number per KPI period for `:from` and `:to`; snapshot: one number now" }),
  docId: RowId.meta({ description: "The scorecard it writes" }),
  source: ConnectorSource.optional(),
  query: z
    .string()
    .trim()
    .min(1)
    .max(20_000)
    .optional()
    .meta({ description: "postgres and mysql: one SELECT; a per-period query uses `:from` and `:to`, bound as parameters" }),
  mapping: ConnectorMapping,
  schedule: ConnectorSchedule.nullable().optional(),
  enabled: z.boolean().optional(),
};

const createExample = {
  name: "ERP monthly revenue",
  kind: "postgres",
  shape: "period",
  docId: 12,
  source: { url: "postgres://reader:secret@erp.lan:5432/erp" },
  query: "SELECT sum(amount) FROM invoices WHERE issued >= :from AND issued <= :to",
  mapping: { kpiGuid: GUID },
  schedule: { cron: "0 6 * * 1-5", timeZone: "Europe/Madrid" },
} as const;

export const CreateConnector = z
  .strictObject({ ...connectorFields, shape: connectorFields.shape.default("rows") })
  .meta({ id: "CreateConnector", example: createExample });
export type CreateConnector = z.infer<typeof CreateConnector>;

export const UpdateConnector = z
  .strictObject({ ...Object.fromEntries(Object.entries(connectorFields).map(([k, v]) => [k, v.optional()])) } as {
    [K in keyof typeof connectorFields]: z.ZodOptional<(typeof connectorFields)[K]>;
  })
  .refine((u) => Object.keys(u).length > 0, "Send at least one field to change")
  .meta({
    id: "UpdateConnector",
    description: "Only the fields sent change. A source URL whose password is `***`, or a header whose value is `***`, keeps the stored one.",
    example: { enabled: false },
  });
export type UpdateConnector = z.infer<typeof UpdateConnector>;

export const Rejection = z
  .object({
    row: z.number().int().meta({ description: "The row's position in the source, from 1" }),
    reason: z.string(),
    data: z
      .record(z.string(), z.unknown())
      .meta({ description: "What the mapping read from the row (its KPI, date and figures), never the rest of the source row" }),
  })
  .meta({ id: "ConnectorRejection" });
export type Rejection = z.infer<typeof Rejection>;

export const Notice = z
  .object({
    kind: z.literal("insidePeriod"),
    guid: Guid,
    kpi: z.string(),
    interval: z.enum(PERIODS),
    rows: z.number().int().meta({ description: "How many rows of this KPI were dated inside one of its periods" }),
    date: IsoDate.meta({ description: "The first such row's date" }),
    periodStart: IsoDate.meta({ description: "The first date of the period it falls in" }),
    message: z.string(),
  })
  .meta({
    id: "ConnectorNotice",
    description:
      "Rows written as asked that may not mean what the source meant: here, rows dated inside a summing KPI's periods, each adding to its period's total " +
      "(set the mapping's `offPeriod` to write them as the period's total or to reject them)",
  });
export type Notice = z.infer<typeof Notice>;

const runExample = {
  id: 301,
  trigger: "schedule",
  scheduledFor: "2026-11-27T05:00:00.000Z",
  startedAt: "2026-11-27T05:00:00.212Z",
  durationMs: 840,
  status: "succeeded",
  rowsRead: 13,
  valuesWritten: 12,
  valuesUnchanged: 0,
  rowsRejected: 1,
  rejections: [{ row: 7, reason: "No KPI of this scorecard is named Sales (EU)", data: { kpi: "Sales (EU)", date: "2026-10-01", value: 3 } }],
  notices: [],
  error: null,
  changeId: 88,
} as const;
export const ConnectorRun = z
  .object({
    id: z.number().int(),
    trigger: z.enum(["schedule", "manual", "backfill", "push"]),
    scheduledFor: z.string().nullable(),
    startedAt: z.string(),
    durationMs: z.number().int(),
    status: z.enum(["succeeded", "failed"]),
    rowsRead: z.number().int(),
    valuesWritten: z.number().int().meta({ description: "New or changed values" }),
    valuesUnchanged: z.number().int(),
    rowsRejected: z.number().int(),
    rejections: z.array(Rejection).meta({ description: "The first 200 rejected rows, each with its reason" }),
    notices: z.array(Notice).meta({ description: "What the rows written may not mean as the source meant it, one entry per KPI" }),
    error: z.string().nullable().meta({ description: "Why the run failed; nothing was written" }),
    changeId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The change set of its values: undo it with POST /api/document/{docId}/changes/{changeId}/revert" }),
  })
  .meta({ id: "ConnectorRun", example: runExample });
export type ConnectorRun = z.infer<typeof ConnectorRun>;
export const ConnectorRunList = z
  .object({ items: z.array(ConnectorRun) })
  .meta({ id: "ConnectorRunList", description: "Newest first", example: { items: [runExample] } });

const connectorExample = {
  id: 5,
  ...createExample,
  source: { url: "postgres://reader:***@erp.lan:5432/erp", headers: {} },
  enabled: true,
  schedule: { ...createExample.schedule, description: "At 06:00, Monday through Friday (Europe/Madrid time)", nextRunAt: "2026-11-30T05:00:00.000Z" },
  owner: { userId: 7, email: "ana@example.com" },
  failuresInRow: 0,
  lastRun: runExample,
  createdAt: "2026-11-20T09:00:00.000Z",
};
export const Connector = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(CONNECTOR_KINDS),
    shape: z.enum(CONNECTOR_SHAPES),
    docId: z.number().int(),
    source: z
      .object({ url: z.string(), headers: z.record(z.string(), z.string()) })
      .nullable()
      .meta({ description: "With the password and every header value shown as ***" }),
    query: z.string().nullable(),
    mapping: ConnectorMapping,
    schedule: z.object({ cron: z.string(), timeZone: z.string(), description: z.string(), nextRunAt: z.string().nullable() }).nullable(),
    enabled: z.boolean(),
    owner: z.object({ userId: z.number().int(), email: z.string() }).nullable(),
    failuresInRow: z.number().int().meta({ description: "Failed runs since the last good one; its owner is told at 3" }),
    lastRun: ConnectorRun.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Connector", example: connectorExample });
export type Connector = z.infer<typeof Connector>;
export const ConnectorList = z.object({ items: z.array(Connector) }).meta({ id: "ConnectorList", example: { items: [connectorExample] } });

export const CreatedConnector = Connector.extend({
  pushUrl: z.string().optional().meta({ description: "push: the secret address to POST CSV or JSON to; shown only here" }),
}).meta({
  id: "CreatedConnector",
  example: {
    ...connectorExample,
    id: 6,
    name: "Zapier deals",
    kind: "push",
    shape: "rows",
    source: null,
    query: null,
    schedule: null,
    lastRun: null,
    mapping: { kpi: "kpi", date: "date", value: "value" },
    pushUrl: "https://gauge.example.com/rest/push/gpk_Qm9vdHMgYW5kIGNhdHMgYW5kIGJvb3Rz",
  },
});

export const RunConnector = z
  .strictObject({ from: IsoDate.optional(), to: IsoDate.optional() })
  .refine((r) => (r.from === undefined) === (r.to === undefined), { path: ["to"], message: "A backfill names both from and to; a run now names neither" })
  .refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, { path: ["to"], message: "to must not be before from" })
  .meta({
    id: "RunConnector",
    description: "Empty (`{}`, or no body): a run now. With `from` and `to`: a per-period connector's backfill, every period of its KPI in the range",
    example: { from: "2024-01-01", to: "2026-12-31" },
  });

const PreviewValue = z.object({
  guid: z.string(),
  kpi: z.string(),
  date: IsoDate,
  value: z.number().nullable(),
  before: z.number().nullable().meta({ description: "The value stored now" }),
  change: z.enum(["new", "changed", "unchanged"]),
});
export const ConnectorPreview = z
  .object({
    rowsRead: z.number().int(),
    values: z.array(PreviewValue).meta({ description: "Up to 1000 values it would write" }),
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    rejections: z.array(Rejection),
    rowsRejected: z.number().int(),
    notices: z.array(Notice),
  })
  .meta({
    id: "ConnectorPreview",
    description: "What a run would write now; nothing is written",
    example: {
      rowsRead: 13,
      new: 1,
      changed: 1,
      unchanged: 10,
      rowsRejected: 1,
      rejections: runExample.rejections,
      notices: [],
      values: [
        { guid: GUID, kpi: "Revenue", date: "2026-10-01", value: 6900000, before: 6850000, change: "changed" },
        { guid: GUID, kpi: "Revenue", date: "2026-11-01", value: 512000, before: null, change: "new" },
      ],
    },
  });
export type ConnectorPreview = z.infer<typeof ConnectorPreview>;

export const PushAnswer = z
  .object({ success: z.literal(true), run: ConnectorRun })
  .meta({ id: "PushAnswer", example: { success: true, run: { ...runExample, trigger: "push", scheduledFor: null } } });
