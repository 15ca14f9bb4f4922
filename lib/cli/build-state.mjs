// Whether .next holds a build of the sources as they are: the build's ID file is newer than every
// source file (app, components, lib, messages, the root's configuration; tests are not built). Read by npm start, which builds
// when it is not, and by the production start, which refuses to serve without one.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "messages", "instrumentation.ts", "proxy.ts", "next.config.mjs", "package.json", "tsconfig.json"];

/** The newest source file under `entry` and when it changed, or null when there is none. */
function newestChange(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return null;
  const stat = statSync(full);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? null : { file: entry, mtimeMs: stat.mtimeMs };
  return readdirSync(full)
    .map((name) => newestChange(root, path.join(entry, name)))
    .reduce((newest, found) => (found && (!newest || found.mtimeMs > newest.mtimeMs) ? found : newest), null);
}

/** { built: true }, or { built: false, why } naming the missing build or the newest source changed since it. */
export function buildState(root = process.cwd()) {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return { built: false, why: "there is no build (.next/BUILD_ID is missing)" };
  const builtAt = statSync(buildId).mtimeMs;
  const newest = SOURCES.map((entry) => newestChange(root, entry)).reduce((a, b) => (b && (!a || b.mtimeMs > a.mtimeMs) ? b : a), null);
  if (newest && newest.mtimeMs > builtAt) return { built: false, why: `${newest.file} changed after the last build` };
  return { built: true };
}
