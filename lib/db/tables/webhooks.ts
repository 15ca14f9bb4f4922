import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { LANGUAGES } from "@/lib/contract/preferences";
import { createdAt } from "./common";
import { users, accountIdColumn } from "./people";
import { kpis, scorecardIdColumn } from "./scorecards";

export const WEBHOOK_FORMATS = ["standard", "slack", "teams", "google_chat"] as const;

/** A receiving endpoint. The secret signs deliveries, so it is kept (it cannot be a hash). */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    /** How a message is shaped: signed Standard Webhooks JSON, or a chat tool's incoming-webhook message. */
    format: text("format", { enum: WEBHOOK_FORMATS }).notNull().default("standard"),
    createdAt: createdAt(),
    /** Set when the receiver answered 410 Gone: nothing more is sent. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The language of its chat messages and summaries (null: English). */
    language: text("language", { enum: LANGUAGES }),
  },
  (t) => [index("webhooks_account_idx").on(t.accountId)],
);

export const alerts = pgTable(
  "alerts",
  {
    id: serial("id").primaryKey(),
    scorecardId: scorecardIdColumn(),
    kpiGuid: uuid("kpi_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    /** Null when the alert only e-mails. */
    webhookId: integer("webhook_id").references(() => webhooks.id, { onDelete: "cascade" }),
    /** Users e-mailed when it fires (deactivated ones are skipped at sending). */
    emailUserIds: integer("email_user_ids").array().notNull().default(sql`'{}'::integer[]`),
    name: text("name").notNull(),
    condition: text("condition", { enum: ["VALUE_ABOVE", "VALUE_BELOW", "PERFORMANCE_BELOW", "VALUE_CHANGED", "FORECAST_BELOW_TARGET"] }).notNull(),
    threshold: doublePrecision("threshold"),
    active: boolean("active").notNull().default(true),
    /** Whether the condition held at the last evaluation: an alert fires when it becomes true. */
    lastState: boolean("last_state").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("alerts_kpi_idx").on(t.kpiGuid), index("alerts_scorecard_idx").on(t.scorecardId)],
);

/** Each time an alert fired: what it saw. Its events (one per webhook or e-mail) point here. */
export const alertFirings = pgTable(
  "alert_firings",
  {
    id: serial("id").primaryKey(),
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    firedAt: timestamp("fired_at", { withTimezone: true }).notNull(),
    date: date("date", { mode: "string" }).notNull(),
    value: doublePrecision("value").notNull(),
    previousValue: doublePrecision("previous_value"),
    score: doublePrecision("score"),
    status: text("status").notNull(),
  },
  (t) => [index("alert_firings_alert_idx").on(t.alertId, t.firedAt)],
);

/**
 * The transactional outbox: one row per message to deliver, written with the change that caused
 * it. A message goes to a webhook or to one user's e-mail address, never both.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    webhookId: integer("webhook_id").references(() => webhooks.id, { onDelete: "cascade" }),
    emailUserId: integer("email_user_id").references(() => users.id, { onDelete: "cascade" }),
    firingId: integer("firing_id").references((): AnyPgColumn => alertFirings.id, { onDelete: "set null" }),
    /** One line saying what happened, for the delivery log. */
    summary: text("summary").notNull().default(""),
    type: text("type").notNull(),
    /** The exact JSON body that is signed and sent. */
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed", "cancelled"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    /** While a worker sends an attempt, no other worker may claim the event. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_events_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_events_webhook_idx").on(t.webhookId),
    index("webhook_events_firing_idx").on(t.firingId),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: serial("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    /** Null for an e-mail. */
    webhookId: integer("webhook_id").references(() => webhooks.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["succeeded", "failed"] }).notNull(),
    responseStatus: integer("response_status"),
    error: text("error"),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [index("webhook_attempts_webhook_idx").on(t.webhookId, t.attemptedAt)],
);
