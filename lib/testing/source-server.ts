import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Served {
  status?: number;
  type?: string;
  body: string | Buffer;
  /** Headers the request must carry, else 401. */
  requires?: Record<string, string>;
  headers?: Record<string, string>;
  /** Holds the answer until released (a source that hangs). */
  hold?: Promise<void>;
}

/** A local HTTP server standing for a customer's JSON or CSV source: answers per path, counting requests. */
export async function startSourceServer(routes: Record<string, () => Served>) {
  const requests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ path, headers: req.headers });
    const route = routes[path];
    if (!route) return void res.writeHead(404).end("not here");
    const served = route();
    for (const [name, value] of Object.entries(served.requires ?? {})) {
      if (req.headers[name.toLowerCase()] !== value) return void res.writeHead(401).end("who are you");
    }
    await served.hold;
    res.writeHead(served.status ?? 200, { "Content-Type": served.type ?? "application/json", ...served.headers }).end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    routes,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
