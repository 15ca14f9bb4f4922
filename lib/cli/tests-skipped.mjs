// The last step of `npm test`: repeats the list of skipped suites (written by the unit run's
// lib/testing/skipped-suites-reporter.ts, added to by e2e/skipped-tests-reporter.ts) below the
// browser tests' summary, where a reader looks.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const notice = path.join("node_modules", ".cache", "gauge", "skipped-suites.txt");
if (existsSync(notice)) process.stdout.write(`\n${readFileSync(notice, "utf8")}`);
