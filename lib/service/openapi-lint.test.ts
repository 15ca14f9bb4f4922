import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { createTestApi } from "@/lib/testing/api";

const run = promisify(execFile);
const bin = (name: string) => path.resolve("node_modules/.bin", name);
// Neither linter may reach the network here; their update checks and telemetry stay off.
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_UPDATE_NOTIFIER: "1" };

// The linters the API's users run on /rest/openapi.json, with their own recommended rules: no rule
// is turned off, and every finding (errors and warnings alike) fails the test.
describe("the OpenAPI document under the linters its users run", () => {
  let database: Database;
  let folder: string;
  let file: string;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    folder = await mkdtemp(path.join(tmpdir(), "gauge-openapi-"));
    file = path.join(folder, "openapi.json");
    await writeFile(file, await (await createTestApi(database.db).call("/openapi.json")).text());
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
    await database.close();
  });

  it("is clean under Redocly CLI's recommended rules", async () => {
    const { stdout } = await run(bin("redocly"), ["lint", file, "--format=json"], { env, maxBuffer: 16 * 1024 * 1024 }).catch(
      (error: { stdout: string }) => error,
    );
    const problems = (JSON.parse(stdout) as { problems: { ruleId: string; message: string; location: { pointer: string }[] }[] }).problems;
    expect(problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  }, 60_000);

  it("is clean under Spectral's spectral:oas ruleset, every severity", async () => {
    const output = path.join(folder, "spectral.json");
    await run(bin("spectral"), ["lint", file, "--ruleset", path.resolve(".spectral.yaml"), "--format", "json", "--output", output, "--fail-severity", "hint"], {
      env,
    }).catch(() => undefined);
    const findings = JSON.parse(await readFile(output, "utf8")) as { code: string; path: string[]; message: string }[];
    expect(findings.map((f) => `${f.code} at ${f.path.join("/")}: ${f.message}`)).toEqual([]);
  }, 60_000);
});
