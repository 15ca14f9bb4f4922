import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Playwright cannot download its own browser here; Debian's chromium is used when present.
const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  testIgnore: ["bench/**"],
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // A fresh embedded database per run: the demo is loaded on first start.
    command: `rm -rf .data-e2e && node lib/cli/start.mjs`,
    url: `http://127.0.0.1:${PORT}/rest/health`,
    env: { PORT: String(PORT), DATA_DIR: ".data-e2e", DATABASE_URL: "" },
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
