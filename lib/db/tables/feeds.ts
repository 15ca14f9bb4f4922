import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { users, accountIdColumn } from "./people";
import { scorecardIdColumn } from "./scorecards";

/**
 * A spreadsheet link: an unguessable address answering one scorecard's figures as CSV with no
 * login (Google Sheets' IMPORTDATA, Excel's From Web). Only the SHA-256 of its token is kept.
 */
export const feeds = pgTable(
  "feeds",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    scorecardId: scorecardIdColumn(),
    /** Whose access it reads with, and whose account's calls it spends; it stops when they may no longer read the scorecard. */
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("feeds_token_idx").on(t.tokenHash), index("feeds_account_idx").on(t.accountId)],
);
