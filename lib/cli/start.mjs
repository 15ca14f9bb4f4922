// npm start: build when the sources are newer than the last build, then serve from this same
// process (no second server process beside the launcher). Migrations and the first-run demo
// data happen as the server starts (instrumentation.ts). A production server starts with
// lib/cli/serve.mjs instead, which never builds.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildState } from "./build-state.mjs";
import { serve } from "./server.mjs";

const state = buildState();
if (!state.built) {
  const started = Date.now();
  console.log(`[gauge] building the app (${state.why}): this takes a minute or two on a first start...`);
  const result = spawnSync(path.join(process.cwd(), "node_modules", ".bin", "next"), ["build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`[gauge] built in ${Math.round((Date.now() - started) / 1000)} s; starting the server...`);
}

await serve({ port: Number(process.env.PORT ?? 3000) });
