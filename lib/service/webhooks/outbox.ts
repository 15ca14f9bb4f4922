import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { webhookEvents, webhooks } from "@/lib/db/schema";
import { chatBody, emailContent, type Message } from "../notifications/message";
import { newEventId } from "./send";

export interface Outgoing {
  type: string;
  /** The event's data in the signed Standard Webhooks body. */
  data: unknown;
  /** What a person reads: chat formats, e-mails and the delivery log's summary. */
  message?: Message;
  firingId?: number;
}

/**
 * Stores a message for delivery (the transactional outbox). Inside a write's transaction the
 * message commits or rolls back with the write; the worker sends whatever has committed. The
 * body is shaped here for the webhook's format, so what is stored is exactly what is sent.
 */
export async function queueEvent(
  db: Db,
  webhookId: number,
  type: string,
  data: unknown,
  now: Date,
  extra: Omit<Outgoing, "type" | "data"> = {},
): Promise<string> {
  const [hook] = await db.select({ format: webhooks.format }).from(webhooks).where(eq(webhooks.id, webhookId));
  const message = extra.message ?? { title: type, facts: [] };
  const payload = !hook || hook.format === "standard" ? JSON.stringify({ type, timestamp: now.toISOString(), data }) : chatBody(hook.format, message);
  return insert(db, { webhookId, type, payload, summary: message.title, firingId: extra.firingId }, now);
}

/** Stores an e-mail to one user; the address is read when it is sent (a changed address is used). */
export async function queueEmail(db: Db, userId: number, out: { type: string; message: Message; firingId?: number }, now: Date): Promise<string> {
  return insert(
    db,
    { emailUserId: userId, type: out.type, payload: JSON.stringify(emailContent(out.message)), summary: out.message.title, firingId: out.firingId },
    now,
  );
}

async function insert(db: Db, row: Omit<typeof webhookEvents.$inferInsert, "id" | "nextAttemptAt">, now: Date): Promise<string> {
  const id = newEventId();
  await db.insert(webhookEvents).values({ id, ...row, nextAttemptAt: now });
  return id;
}
