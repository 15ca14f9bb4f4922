// Run by `npm test` before the browser tests: the programs they need besides npm's packages.
// Playwright cannot download its own browser on machines without Internet access, so the tests
// use the system's Chromium; the board-pack test reads its PDF with poppler's pdftotext.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const needs = [
  {
    program: "chromium",
    found: () => existsSync("/usr/bin/chromium") || has("chromium"),
    debian: "chromium",
    other: "Install Chromium so that /usr/bin/chromium exists",
  },
  { program: "pdftotext", found: () => has("pdftotext"), debian: "poppler-utils", other: "Install poppler (Homebrew: brew install poppler)" },
];

function has(program) {
  return spawnSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" }).status === 0;
}

const missing = needs.filter((n) => !n.found());
if (missing.length === 0) process.exit(0);

const packages = missing.map((n) => n.debian);
const canApt = has("apt-get") && process.getuid?.() === 0;
if (canApt) {
  console.log(`[test] installing ${packages.join(" and ")} from Debian's packages (needed by the browser tests)`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  const still = missing.filter((n) => !n.found());
  if (still.length === 0) process.exit(0);
  missing.splice(0, missing.length, ...still);
}
console.error("[test] the browser tests need programs this machine lacks:");
for (const n of missing) console.error(`  ${n.program}: on Debian or Ubuntu, sudo apt-get install ${n.debian}; elsewhere: ${n.other}`);
process.exit(1);
