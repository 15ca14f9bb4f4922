// npm start: build when the sources are newer than the last build, then serve from this same
// process (no second server process beside the launcher). Migrations and the first-run demo
// data happen as the server starts (instrumentation.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { serve } from "./server.mjs";

const root = process.cwd();
const buildId = path.join(root, ".next", "BUILD_ID");
const sources = ["app", "components", "lib", "instrumentation.ts", "proxy.ts", "next.config.mjs", "package.json", "tsconfig.json"];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(full).map((name) => newestChange(path.join(entry, name))));
}

const built = existsSync(buildId) && statSync(buildId).mtimeMs >= Math.max(...sources.map(newestChange));
if (!built) {
  const started = Date.now();
  console.log("[gauge] building the app (first start or changed sources): this takes a minute or two on a first start...");
  const result = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`[gauge] built in ${Math.round((Date.now() - started) / 1000)} s; starting the server...`);
}

await serve({ port: Number(process.env.PORT ?? 3000) });
