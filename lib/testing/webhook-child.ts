// Child process for the webhook crash and concurrency tests. Modes:
//   worker <url> <leaseSeconds>           deliver due events until killed
//   write  <url> <accountId> <docId> <guid> <date> <value>   commit one triggering write, then wait to be killed
//   batch  <url> <accountId> <docId> <guid> <firstDate>      a 5000-item batch whose last item triggers
import { openDatabase } from "@/lib/db/client";
import { writeBatch, writeOne } from "@/lib/service/domain/values";
import { startWebhookWorker } from "@/lib/service/webhooks/worker";
import { adminCaller } from "./caller";

const [mode, url, ...args] = process.argv.slice(2) as [string, string, ...string[]];
const database = await openDatabase({ url });
const deps = { db: database.db, now: () => new Date(), config: { rateLimitPerHour: 100, tokenTtlHours: 12, passwordCost: 10, webhookAllowPrivate: true } };
const ctx = (accountId: string) => ({ deps, caller: adminCaller(Number(accountId)) });
const day = (first: string, n: number) => new Date(Date.parse(`${first}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

if (mode === "worker") {
  startWebhookWorker({ db: database.db, allowPrivate: true, retryScale: 0.001, pollMs: 10, leaseSeconds: Number(args[0]) });
  process.stdout.write("working\n");
} else if (mode === "write") {
  const [accountId, docId, guid, date, value] = args as [string, string, string, string, string];
  await writeOne(ctx(accountId), { docId: Number(docId), item: { guid, date, value: Number(value) } });
  process.stdout.write("committed\n");
} else {
  const [accountId, docId, guid, firstDate] = args as [string, string, string, string];
  const items = Array.from({ length: 5000 }, (_, i) => ({ guid, date: day(firstDate, i), value: i === 4999 ? 1000 : 1 }));
  process.stdout.write("writing\n");
  await writeBatch(ctx(accountId), { docId: Number(docId), items, path: (i) => `items.${i}` });
  process.stdout.write("committed\n");
}
setInterval(() => {}, 60_000); // stay alive until killed
