import { afterAll, beforeAll } from "vitest";
import type { ScorecardFile } from "@/lib/contract/scorecard-file";
import type { Database } from "@/lib/db/client";
import { propertyScorecard } from "./api";

export type PropertySuite = { database: Database } & Awaited<ReturnType<typeof propertyScorecard>>;

/**
 * For a describe block of property tests: a fresh database holding one scorecard, opened before
 * the block's tests and closed after them. Its fields are set once beforeAll has run.
 */
export function withPropertyScorecard(open: () => Promise<Database>, email: string, card: ScorecardFile): PropertySuite {
  const suite = {} as PropertySuite;
  beforeAll(async () => {
    suite.database = await open();
    Object.assign(suite, await propertyScorecard(suite.database.db, email, card));
  });
  afterAll(() => suite.database.close());
  return suite;
}
