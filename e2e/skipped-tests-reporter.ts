import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

// The browser tests' half of `npm test`'s closing notice (lib/cli/tests-skipped.mjs): each test
// that skipped itself (the production processes over PostgreSQL, without TEST_DATABASE_URL) is
// added, with its reason, to the list the unit run wrote, so the run ends by naming it.
const NOTICE = path.join("node_modules", ".cache", "gauge", "skipped-suites.txt");

export default class SkippedTestsReporter implements Reporter {
  private skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== "skipped") return;
    const reason = test.annotations.find((a) => a.type === "skip")?.description ?? "skipped";
    this.skipped.push(`  ${path.relative(process.cwd(), test.location.file)}: ${test.title} (${reason})`);
  }

  onEnd(_: FullResult) {
    if (this.skipped.length === 0) return;
    mkdirSync(path.dirname(NOTICE), { recursive: true });
    appendFileSync(NOTICE, [`Skipped: ${this.skipped.length} browser tests:`, ...this.skipped, ""].join("\n"));
  }
}
