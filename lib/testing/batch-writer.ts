// Child process for the crash-safety test: writes one 5000-item batch through the service and
// says "writing" just before, so the parent can kill it at a random moment.
import { openDatabase } from "@/lib/db/client";
import { writeBatch } from "@/lib/service/domain/values";
import { adminCaller } from "./caller";

const [url, accountId, docId, guidA, guidB, firstDate] = process.argv.slice(2) as [string, string, string, string, string, string];
const database = await openDatabase({ url });
const start = new Date(`${firstDate}T00:00:00Z`).getTime();
const items = Array.from({ length: 5000 }, (_, i) => ({
  guid: i % 2 ? guidA : guidB,
  date: new Date(start + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10),
  value: i,
}));
const deps = { db: database.db, now: () => new Date(), config: { rateLimitPerHour: 100, tokenTtlHours: 12, passwordCost: 10, webhookAllowPrivate: false } };
process.stdout.write("writing\n");
const begun = performance.now();
await writeBatch({ deps, caller: adminCaller(Number(accountId)) }, { docId: Number(docId), items, path: (i) => `items.${i}` });
process.stdout.write(`done ${Math.round(performance.now() - begun)}\n`);
await database.close();
