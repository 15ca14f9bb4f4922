import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "@/lib/testing/databases";
import { serveFetch } from "@/lib/testing/http-api";
import { mcpSuite } from "@/lib/testing/mcp-suite";
import { createMcpApp } from "./mcp/app";

// The MCP conformance suite's server scenarios that apply to a stateless server of tools,
// resources and prompts. The suite's client sends no credentials, so it reaches /mcp through a
// proxy on loopback that adds a read key, as an assistant configured with one would.
const SCENARIOS = ["server-initialize", "ping", "tools-list", "resources-list", "prompts-list", "dns-rebinding-protection"];
const suiteCli = createRequire(import.meta.url).resolve("@modelcontextprotocol/conformance/dist/index.js");
const run = promisify(execFile);

describe.each(testDatabases.slice(0, 1))("the MCP conformance suite's server scenarios, on $name", ({ open }) => {
  const s = mcpSuite(open);
  let proxy: http.Server;
  let app: Awaited<ReturnType<typeof serveFetch>>;
  let url = "";
  beforeAll(async () => {
    const key = await s.keyOf(s.owner.auth, { name: "Conformance", scope: "read" });
    proxy = http.createServer();
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    // The proxy's own address is the public one (as PUBLIC_URL would say), so that Origin is checked against it.
    const publicUrl = `http://localhost:${(proxy.address() as AddressInfo).port}`;
    const { deps } = s.api.app;
    app = await serveFetch(createMcpApp({ ...deps, config: { ...deps.config, dashboardUrl: publicUrl } }).fetch);
    const target = new URL(app.url);
    proxy.on("request", (req, res) => {
      const forwarded = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${key}` } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forwarded);
    });
    url = `${publicUrl}/mcp`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy?.close(() => resolve()));
    await app?.close();
  });

  it.each(SCENARIOS)(
    "passes %s",
    async (scenario) => {
      const { stdout } = await run(process.execPath, [suiteCli, "server", "--url", url, "--scenario", scenario], { cwd: "/tmp", timeout: 60_000 }).catch(
        (error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout ?? ""}${error.stderr ?? ""}`, failed: true }),
      );
      // The suite's summary: every check of the scenario passed, and none only warned.
      const [, passed, total, failed, warnings] = stdout.match(/Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/) ?? [];
      expect({ passed, failed, warnings }, stdout.slice(-2000)).toEqual({ passed: total, failed: "0", warnings: "0" });
    },
    90_000,
  );
});
