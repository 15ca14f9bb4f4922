import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig, serverConfigProblem } from "./config";

const PG = "postgres://gauge:secret@db.example:5432/gauge";
const SECRETS = { SESSION_SECRET: "s".repeat(32), CONNECTOR_SECRET: "c".repeat(32), SIGN_IN_SECRET: "i".repeat(32) };
const problemOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("the configuration", () => {
  it("names each bad setting in one line", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { DATABASE_URL: "postgres//gauge@db" },
        /^Invalid configuration: DATABASE_URL must be a PostgreSQL address: postgres:\/\/user:password@host:5432\/database$/,
      ],
      [{ DATABASE_URL: "mysql://root@db/gauge" }, /DATABASE_URL must be a PostgreSQL address/],
      [{ PUBLIC_URL: "gauge.corp" }, /^Invalid configuration: PUBLIC_URL must be the address people use, such as https:\/\/gauge\.example\.com$/],
      [{ PUBLIC_URL: "https://gauge.corp/?x=1" }, /PUBLIC_URL must be the address people use, without a query or fragment/],
      [{ TRUST_PROXY: "loopbak" }, /^Invalid configuration: TRUST_PROXY must be true, false, or a comma-separated list .*invalid IP address: loopbak/],
      [{ SESSION_SECRET: "short" }, /SESSION_SECRET must be at least 32 characters/],
      [{ GAUGE_ROLE: "cron" }, /GAUGE_ROLE must be web, worker or all/],
      [{ SMTP_URL: "smtp://mail:25" }, /MAIL_FROM \(the sender address\) is needed when SMTP_URL is set/],
      [{ GAUGE_ROLE: "worker" }, /^Invalid configuration: PUBLIC_URL is needed with GAUGE_ROLE=worker: its e-mails and webhooks link to the dashboard/],
    ];
    for (const [env, expected] of cases) {
      const problem = problemOf(env);
      expect(problem, JSON.stringify(env)).toMatch(expected);
      expect(problem!.split("\n")).toHaveLength(1);
    }
    expect(problemOf({ PUBLIC_URL: "https://gauge.corp", TRUST_PROXY: "loopback, 10.0.0.0/8", GAUGE_ROLE: "web" })).toBeNull();
  });

  it("requires the sealing secrets with DATABASE_URL, by value or from a file", () => {
    expect(serverConfigProblem(loadConfig({}))).toBeNull();
    expect(serverConfigProblem(loadConfig({ DATABASE_URL: PG, SESSION_SECRET: SECRETS.SESSION_SECRET }))).toMatch(
      /^Invalid configuration: with DATABASE_URL, set CONNECTOR_SECRET, SIGN_IN_SECRET \(or CONNECTOR_SECRET_FILE, SIGN_IN_SECRET_FILE\): /,
    );
    expect(serverConfigProblem(loadConfig({ DATABASE_URL: PG, ...SECRETS }))).toBeNull();
    const folder = mkdtempSync(path.join(tmpdir(), "gauge-secrets-"));
    writeFileSync(path.join(folder, "session"), `${"f".repeat(40)}\n`);
    const fromFile = loadConfig({ DATABASE_URL: PG, ...SECRETS, SESSION_SECRET: "", SESSION_SECRET_FILE: path.join(folder, "session") });
    expect(fromFile.SESSION_SECRET).toBe("f".repeat(40));
    expect(problemOf({ SESSION_SECRET_FILE: path.join(folder, "missing") })).toMatch(
      /^Invalid configuration: SESSION_SECRET_FILE: cannot read .*missing \(ENOENT\)$/,
    );
  });
});
