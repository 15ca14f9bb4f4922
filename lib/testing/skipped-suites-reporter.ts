import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** Where the notice waits for `npm test`'s last step (lib/cli/tests-skipped.mjs) to repeat it. */
export const SKIPPED_NOTICE_FILE = path.join("node_modules", ".cache", "gauge", "skipped-suites.txt");

const RUN_ALL = "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_MYSQL_URL=mysql://root@127.0.0.1:3306/test npm test";

/**
 * Names every test file that skipped tests (the PostgreSQL and MariaDB suites, without
 * TEST_DATABASE_URL and TEST_MYSQL_URL) and the line that runs them, so that a run that skipped
 * part of the suite says so at its end instead of passing quietly.
 */
export default class SkippedSuitesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const skipped = testModules
      .map((module) => ({ file: module.relativeModuleId, count: [...module.children.allTests()].filter((test) => test.result().state === "skipped").length }))
      .filter((entry) => entry.count > 0);
    if (skipped.length === 0) {
      rmSync(SKIPPED_NOTICE_FILE, { force: true });
      return;
    }
    const total = skipped.reduce((sum, entry) => sum + entry.count, 0);
    const notice = [
      `Skipped: ${total} tests in ${skipped.length} file${skipped.length === 1 ? "" : "s"}, which need PostgreSQL (TEST_DATABASE_URL) or MariaDB/MySQL (TEST_MYSQL_URL):`,
      ...skipped.map((entry) => `  ${entry.file} (${entry.count})`),
      `Run them too with: ${RUN_ALL}`,
    ].join("\n");
    mkdirSync(path.dirname(SKIPPED_NOTICE_FILE), { recursive: true });
    writeFileSync(SKIPPED_NOTICE_FILE, `${notice}\n`);
    process.stdout.write(`\n${notice}\n`);
  }
}
