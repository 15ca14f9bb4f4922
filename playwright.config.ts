import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = ".data-e2e";
export const AUTH_FILE = "e2e/.auth/demo.json";
/** The e2e server sends e-mail here; a test that checks e-mail runs an SMTP server (smtp-server) on it. */
export const E2E_SMTP_PORT = 2526;
/** The e2e server looks up domain proofs (DNS TXT records) here; a test that proves one runs a DNS server on it. */
export const E2E_DNS_PORT = 2553;
// Playwright cannot download its own browser here; Debian's chromium is used when present.
const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  testIgnore: ["bench/**"],
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["./e2e/skipped-tests-reporter.ts"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "api", testMatch: /(smoke|mcp-card)\.spec\.ts/, use: { ...devices["Desktop Chrome"] } },
    // Starts a server of its own from the same build (unlimited budget, its own data).
    { name: "fuzz", testMatch: /fuzz\.spec\.ts/ },
    // Its own server too: an installation without demo data.
    { name: "first-start", testMatch: /first-start\.spec\.ts/ },
    // Production starts of the same build over PostgreSQL: several processes, signals, health and metrics.
    { name: "operations", testMatch: /(operations|behind-proxy|person-rate)\.spec\.ts/ },
    // The manager session runs first, on a cold server cache, so its call count is the worst case.
    {
      name: "manager-session",
      testMatch: /dashboard\/manager-session\.spec\.ts/,
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
    },
    {
      name: "dashboard",
      testMatch: /(dashboard\/.*|bff)\.spec\.ts/,
      testIgnore: /manager-session/,
      dependencies: ["manager-session"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, storageState: AUTH_FILE },
    },
    // Last: it uses up the demo account's calls for the hour.
    {
      name: "call-limit",
      testMatch: /call-limit\.spec\.ts/,
      dependencies: ["dashboard", "api"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, storageState: AUTH_FILE },
    },
  ],
  webServer: {
    // A fresh embedded database per run: the demo is loaded on first start.
    command: `rm -rf ${E2E_DATA_DIR} && node lib/cli/start.mjs`,
    url: `http://localhost:${PORT}/rest/health`,
    // Webhooks may post to the test's own receiver on loopback, connectors read its sources there and the SSO provider answers there; retries come 100 times sooner.
    // The seed's 100 calls an hour per admin or expert: the dashboard spends none of them (manager-session and call-limit hold that).
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: "",
      WEBHOOK_ALLOW_PRIVATE: "true",
      CONNECTOR_ALLOWED_HOSTS: "127.0.0.1",
      SSO_ALLOWED_HOSTS: "127.0.0.1",
      DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
      WEBHOOK_RETRY_SCALE: "0.01",
      RATE_LIMIT_PER_HOUR: "100",
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: "Gauge <gauge@localhost>",
    },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
