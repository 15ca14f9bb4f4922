import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { accounts } from "./people";
import { kpis, scorecards } from "./scorecards";

/** A receiving endpoint. The secret signs deliveries, so it is kept (it cannot be a hash). */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    createdAt: createdAt(),
    /** Set when the receiver answered 410 Gone: nothing more is sent. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (t) => [index("webhooks_account_idx").on(t.accountId)],
);

export const alerts = pgTable(
  "alerts",
  {
    id: serial("id").primaryKey(),
    scorecardId: integer("scorecard_id")
      .notNull()
      .references(() => scorecards.id, { onDelete: "cascade" }),
    kpiGuid: uuid("kpi_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    condition: text("condition", { enum: ["VALUE_ABOVE", "VALUE_BELOW", "PERFORMANCE_BELOW", "VALUE_CHANGED"] }).notNull(),
    threshold: doublePrecision("threshold"),
    active: boolean("active").notNull().default(true),
    /** Whether the condition held at the last evaluation: an alert fires when it becomes true. */
    lastState: boolean("last_state").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("alerts_kpi_idx").on(t.kpiGuid), index("alerts_scorecard_idx").on(t.scorecardId)],
);

/** The transactional outbox: one row per event to deliver, written with the change that caused it. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The exact JSON body that is signed and sent. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed", "cancelled"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** While a worker sends an attempt, no other worker may claim the event. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_events_due_idx").on(t.status, t.nextAttemptAt), index("webhook_events_webhook_idx").on(t.webhookId)],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: serial("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["succeeded", "failed"] }).notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [index("webhook_attempts_webhook_idx").on(t.webhookId, t.attemptedAt)],
);
