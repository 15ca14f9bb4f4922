// Child process for the connector scheduler's concurrency and crash tests:
//   scheduler <url> <clockStartMs> <realStartMs> <speed> <leaseSeconds>
// runs due connectors until killed, on a clock that starts at clockStartMs when the wall clock
// reads realStartMs and runs `speed` times as fast (every child of a test reads the same clock).
import { openDatabase } from "@/lib/db/client";
import { startConnectorScheduler } from "@/lib/service/connectors/scheduler";

const [, url, clockStart, realStart, speed, leaseSeconds] = process.argv.slice(2) as [string, string, string, string, string, string];
const database = await openDatabase({ url });
const now = () => new Date(Number(clockStart) + (Date.now() - Number(realStart)) * Number(speed));
const deps = {
  db: database.db,
  now,
  config: {
    rateLimitPerHour: 100,
    tokenTtlHours: 12,
    passwordCost: 10,
    webhookAllowPrivate: true,
    connectors: { secret: "a connector secret for tests only, 32+ chars", allowedHosts: ["127.0.0.1"] },
  },
};
startConnectorScheduler({ deps, pollMs: 20, leaseSeconds: Number(leaseSeconds) });
process.stdout.write("working\n");
setInterval(() => {}, 60_000); // stay alive until killed
