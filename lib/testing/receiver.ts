import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  at: number;
  body: unknown;
  verified: boolean;
}

/**
 * A webhook receiver on loopback that checks each delivery's signature with the
 * standardwebhooks package (an independent implementation of the scheme) and records it.
 * `respond` decides each answer; by default 204.
 */
export async function startReceiver(
  respond: (attempt: number, req: http.IncomingMessage) => { status: number; headers?: Record<string, string>; hang?: boolean } = () => ({ status: 204 }),
  port = 0,
) {
  const received: Received[] = [];
  let secret = "";
  let attempts = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      let verified = false;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {}
      received.push({ id: String(req.headers["webhook-id"]), at: Date.now(), body: JSON.parse(body), verified });
      const answer = respond(++attempts, req);
      if (answer.hang) return;
      res.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}/hook`,
    received,
    acceptSecret(value: string) {
      secret = value;
    },
    reset() {
      received.length = 0;
      attempts = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
