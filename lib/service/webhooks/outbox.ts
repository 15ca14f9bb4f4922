import "server-only";
import type { Db } from "@/lib/db/client";
import { webhookEvents } from "@/lib/db/schema";
import { newEventId } from "./send";

/**
 * Stores an event for delivery (the transactional outbox). Inside a write's transaction the
 * event commits or rolls back with the write; the worker sends whatever has committed.
 */
export async function queueEvent(db: Db, webhookId: number, type: string, data: unknown, now: Date): Promise<string> {
  const id = newEventId();
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
  await db.insert(webhookEvents).values({ id, webhookId, type, payload, nextAttemptAt: now });
  return id;
}
