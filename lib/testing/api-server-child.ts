// Child process serving the real API over HTTP on a PostgreSQL database, for tests that kill a
// server mid-request. Prints "listening <port>" once it accepts connections.
import { serve } from "@hono/node-server";
import { openDatabase } from "@/lib/db/client";
import { createApi } from "@/lib/service/app";

const [url] = process.argv.slice(2) as [string];
const database = await openDatabase({ url });
const app = createApi({
  db: database.db,
  now: () => new Date(),
  config: { rateLimitPerHour: 1_000_000, tokenTtlHours: 12, passwordCost: 10, webhookAllowPrivate: true },
});
serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) => process.stdout.write(`listening ${info.port}\n`));
