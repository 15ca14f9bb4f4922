import { bigint, bigserial, date, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, users, accountIdColumn } from "./people";
import { scorecards } from "./scorecards";

/**
 * One write as its author made it: a batch, a grid save, an import, a revert. Triggers on
 * kpi_values create it on the transaction's first changed record, from the context the app sets
 * (`gauge.context`, see change-context.ts), so a write that changes nothing leaves none; a write
 * with no context (a script's own SQL) gets one through "system".
 */
export const changeSets = pgTable(
  "change_sets",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    scorecardId: integer("scorecard_id").references(() => scorecards.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who it was when it happened, kept when the user is gone. */
    userEmail: text("user_email"),
    apiKeyId: integer("api_key_id"),
    apiKeyName: text("api_key_name"),
    via: text("via", { enum: ["api", "dashboard", "import", "cli", "system", "connector", "mcp"] }).notNull(),
    /** The change set this one undid. */
    reverts: bigint("reverts", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("change_sets_scorecard_idx").on(t.scorecardId, t.id)],
);

/**
 * A value record's change: its six figures before and after (all null before: created; all null
 * after: deleted). Written by the triggers on kpi_values, set-based, in the write's own
 * transaction. The KPI is named by GUID without a foreign key: its history outlives it.
 */
export const valueRevisions = pgTable(
  "value_revisions",
  {
    /** The order revisions were written in (no key: its index would slow every write). */
    id: bigserial("id", { mode: "number" }).notNull(),
    /** No foreign key either (a check per row of every write): a purge deletes its revisions itself. */
    changeSetId: bigint("change_set_id", { mode: "number" }).notNull(),
    kpiGuid: uuid("kpi_guid").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** 1 created, 2 changed, 3 deleted. */
    action: smallint("action").notNull(),
    beforeValue: doublePrecision("before_value"),
    beforeTarget: doublePrecision("before_target"),
    beforeBaseline: doublePrecision("before_baseline"),
    beforeMin: doublePrecision("before_min"),
    beforeMax: doublePrecision("before_max"),
    beforeScore: doublePrecision("before_score"),
    afterValue: doublePrecision("after_value"),
    afterTarget: doublePrecision("after_target"),
    afterBaseline: doublePrecision("after_baseline"),
    afterMin: doublePrecision("after_min"),
    afterMax: doublePrecision("after_max"),
    afterScore: doublePrecision("after_score"),
  },
  (t) => [index("value_revisions_kpi_idx").on(t.kpiGuid, t.id), index("value_revisions_change_idx").on(t.changeSetId)],
);

/**
 * The account's activity log: who did what to the account's people, keys, sharing, webhooks,
 * alerts, scorecards and settings, and who signed in. Written by the API as each such call
 * succeeds (activity.ts); no route edits or deletes it.
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: accountIdColumn(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    apiKeyName: text("api_key_name"),
    via: text("via").notNull(),
    kind: text("kind").notNull(),
    action: text("action").notNull(),
    /** The scorecard it concerns, if any (no foreign key: the record outlives a purge). */
    scorecardId: integer("scorecard_id"),
    /** What it acted on and with what (path parameters and non-secret fields of the request). */
    details: jsonb("details").notNull().default({}),
  },
  (t) => [index("activity_events_account_idx").on(t.accountId, t.id)],
);
