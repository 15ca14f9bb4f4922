import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { TestApi } from "./api";

/** Serves a test API over real HTTP on a free loopback port: `url` is its /rest base. */
export async function serveOverHttp(api: TestApi): Promise<{ url: string; close(): Promise<void> }> {
  const served = await serveFetch(api.app.fetch);
  return { ...served, url: `${served.url}/rest` };
}

/** Serves a fetch handler (a Hono app's) over real HTTP on a free loopback port: `url` is its origin. */
export async function serveFetch(fetch: (request: Request) => Response | Promise<Response>): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
