import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { accounts, users } from "./people";
import { kpis } from "./scorecards";
import { webhooks } from "./webhooks";

/** A comment on a KPI at a period: why the number moved. */
export const kpiNotes = pgTable(
  "kpi_notes",
  {
    id: serial("id").primaryKey(),
    kpiGuid: uuid("kpi_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    /** The first day of the period the note is about (any date; the dashboard sends period starts). */
    date: date("date", { mode: "string" }).notNull(),
    text: text("text").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("kpi_notes_kpi_idx").on(t.kpiGuid, t.date)],
);

/** An account's reminder settings; no row means the defaults. */
export const notificationSettings = pgTable("notification_settings", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** Days after a period ends before its missing value is overdue; null turns reminders off. */
  reminderDays: integer("reminder_days").default(3),
  /** Where reminders go for owners without e-mail (or when the server cannot send e-mail). */
  reminderWebhookId: integer("reminder_webhook_id").references(() => webhooks.id, { onDelete: "set null" }),
});

/** One reminder per KPI and overdue period: the primary key makes "at most once" hold across processes. */
export const remindersSent = pgTable(
  "reminders_sent",
  {
    kpiGuid: uuid("kpi_guid")
      .notNull()
      .references(() => kpis.guid, { onDelete: "cascade" }),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kpiGuid, t.periodStart] })],
);

/** One digest per user and week (the Monday it covers up to). */
export const digestsSent = pgTable(
  "digests_sent",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);
