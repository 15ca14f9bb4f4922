import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { users, accountIdColumn } from "./people";
import { scorecardIdColumn } from "./scorecards";

export const CONNECTOR_KINDS = ["postgres", "mysql", "json", "csv", "push"] as const;
export const CONNECTOR_SHAPES = ["rows", "period", "snapshot"] as const;

/**
 * A source that feeds a scorecard's values. `source` is encrypted at rest (the URL with its
 * password, the headers with their keys): only connector-secrets.ts reads it.
 */
export const connectors = pgTable(
  "connectors",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    scorecardId: scorecardIdColumn(),
    /** Who made it: runs write as this user, and are refused when the user may no longer write the scorecard. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** Who last typed the source: they and admins may change it, and only they see its path and query. */
    sourceById: integer("source_by_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: CONNECTOR_KINDS }).notNull(),
    shape: text("shape", { enum: CONNECTOR_SHAPES }).notNull(),
    /** The encrypted JSON of `{url, headers}`; null for a push connector. */
    source: text("source"),
    query: text("query"),
    mapping: jsonb("mapping").notNull(),
    scheduleCron: text("schedule_cron"),
    scheduleTimeZone: text("schedule_time_zone").notNull().default("UTC"),
    enabled: boolean("enabled").notNull().default(true),
    /** SHA-256 of the push key; the key itself is shown once. */
    pushKeyHash: text("push_key_hash"),
    /** The scheduled time of the next run; null without a schedule. */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    /** A process running it holds it until then; a lease that runs out is taken again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseToken: text("lease_token"),
    failuresInRow: integer("failures_in_row").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("connectors_scorecard_idx").on(t.scorecardId),
    index("connectors_due_idx").on(t.nextRunAt),
    uniqueIndex("connectors_push_key_idx").on(t.pushKeyHash),
  ],
);

/**
 * One run of a connector: what it read, wrote and rejected. A scheduled run's row is written in
 * the same transaction as its values, and (connector, scheduled_for) is unique: a scheduled time
 * is run once however many processes try.
 */
export const connectorRuns = pgTable(
  "connector_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectorId: integer("connector_id")
      .notNull()
      .references(() => connectors.id, { onDelete: "cascade" }),
    trigger: text("trigger", { enum: ["schedule", "manual", "backfill", "push"] }).notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    status: text("status", { enum: ["succeeded", "failed"] }).notNull(),
    rowsRead: integer("rows_read").notNull().default(0),
    valuesWritten: integer("values_written").notNull().default(0),
    valuesUnchanged: integer("values_unchanged").notNull().default(0),
    rowsRejected: integer("rows_rejected").notNull().default(0),
    /** The first rejected rows, each with its reason. */
    rejections: jsonb("rejections").notNull().default([]),
    /** What the rows written may not mean as the source meant it, one entry per KPI. */
    notices: jsonb("notices").notNull().default([]),
    error: text("error"),
    /** The change set its values were written in: undone like any other. */
    changeSetId: bigint("change_set_id", { mode: "number" }),
  },
  (t) => [index("connector_runs_connector_idx").on(t.connectorId, t.id), uniqueIndex("connector_runs_scheduled_idx").on(t.connectorId, t.scheduledFor)],
);

/**
 * A run, backfill or preview asked for on a web process (GAUGE_ROLE=web), for a worker to carry
 * out: the worker claims it with a lease (as the scheduler claims due connectors) and records its
 * run, its preview or its error; the web process waits for that and answers it. A preview of a
 * connector not yet saved carries it in `draft` (its source sealed, as in `connectors`), and runs
 * with the access of the person who asked.
 */
export const connectorRunRequests = pgTable(
  "connector_run_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    connectorId: integer("connector_id").references(() => connectors.id, { onDelete: "cascade" }),
    trigger: text("trigger", { enum: ["manual", "backfill", "preview"] }).notNull(),
    rangeFrom: date("range_from", { mode: "string" }),
    rangeTo: date("range_to", { mode: "string" }),
    draft: jsonb("draft"),
    askedBy: integer("asked_by").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseToken: text("lease_token"),
    runId: bigint("run_id", { mode: "number" }).references(() => connectorRuns.id, { onDelete: "set null" }),
    preview: jsonb("preview"),
    error: text("error"),
    /** The error is the source's refusal (the caller's to fix), not the worker's failure. */
    refused: boolean("refused").notNull().default(false),
  },
  (t) => [index("connector_run_requests_open_idx").on(t.id).where(sql`${t.runId} IS NULL AND ${t.preview} IS NULL AND ${t.error} IS NULL`)],
);
