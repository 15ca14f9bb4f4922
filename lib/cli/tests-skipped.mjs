// The last step of `npm test`: repeats the unit run's list of skipped suites (written by
// lib/testing/skipped-suites-reporter.ts) below the browser tests' summary, where a reader looks.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const notice = path.join("node_modules", ".cache", "gauge", "skipped-suites.txt");
if (existsSync(notice)) process.stdout.write(`\n${readFileSync(notice, "utf8")}`);
