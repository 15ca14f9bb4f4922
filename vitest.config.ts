import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, ".")}/` },
      // "server-only" throws outside React server builds; tests and the CLI run server code directly.
      { find: /^server-only$/, replacement: path.resolve(import.meta.dirname, "lib/testing/server-only.ts") },
    ],
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    reporters: ["default", "./lib/testing/skipped-suites-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
