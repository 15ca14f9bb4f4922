import "server-only";
import { count, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { webhookEvents } from "@/lib/db/schema";

/** Deliveries (webhooks and e-mails) still to be attempted: the outbox's depth, for /metrics. */
export async function outboxDepth(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.status, "pending"));
  return row?.n ?? 0;
}
