import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dashboard's cache of API reads, shared by every app process on one database. `scope` is an
 * account (reads of one scorecard, served only after the reader's access is confirmed) or a user
 * (reads whose answer depends on who asks); `id` is the read's key as JSON.
 */
export const dashboardReads = pgTable(
  "dashboard_reads",
  {
    scope: text("scope").notNull(),
    id: text("id").notNull(),
    value: text("value").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.id] })],
);
