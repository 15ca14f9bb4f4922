import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dashboard's cache of API reads, shared by every app process on one database. `scope` is an
 * account (reads of one scorecard, served only after the reader's access is confirmed) or a user
 * (reads whose answer depends on who asks); `id` is the read's key as JSON. `etag` is the API's
 * validator of `value`, sent back to revalidate it for free. A write that changes a read adds one
 * to its `marks`; `readMarks` is what `marks` was when `value` was last confirmed, so a read is
 * stale while they differ (even when the write lands while the read is in flight): it is read
 * again before it is served, yet kept to show at the call limit.
 */
export const dashboardReads = pgTable(
  "dashboard_reads",
  {
    scope: text("scope").notNull(),
    id: text("id").notNull(),
    value: text("value").notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull(),
    etag: text("etag"),
    marks: integer("marks").notNull().default(0),
    readMarks: integer("read_marks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.id] })],
);
