import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Delivery, Webhook } from "@/lib/contract/webhooks";
import { webhookAttempts, webhookEvents, webhooks } from "@/lib/db/schema";
import type { Ctx } from "../context";
import { invalidRequest, notFound } from "../errors";
import { checkWebhookUrl, ForbiddenAddressError } from "../webhooks/address-guard";
import { queueEvent } from "../webhooks/outbox";
import { newWebhookSecret } from "../webhooks/send";

const toWebhook = (row: typeof webhooks.$inferSelect): Webhook => ({ id: row.id, name: row.name, url: row.url, createdAt: row.createdAt.toISOString() });

type WebhookRef = { id: number };

export async function listWebhooks({ deps, caller }: Ctx): Promise<Webhook[]> {
  const rows = await deps.db.select().from(webhooks).where(eq(webhooks.accountId, caller.accountId)).orderBy(webhooks.id);
  return rows.map(toWebhook);
}

async function ownWebhook({ deps, caller }: Ctx, { id }: WebhookRef) {
  const [row] = id > 2_147_483_647 ? [] : await deps.db.select().from(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.accountId, caller.accountId)));
  if (!row) throw notFound("Webhook");
  return row;
}

export async function createWebhook({ deps, caller }: Ctx, input: { name: string; url: string }) {
  try {
    await checkWebhookUrl(input.url, deps.config.webhookAllowPrivate);
  } catch (error) {
    if (error instanceof ForbiddenAddressError) throw invalidRequest(error.message, [{ path: "url", message: error.message }]);
    throw error;
  }
  const secret = newWebhookSecret();
  const [row] = await deps.db.insert(webhooks).values({ accountId: caller.accountId, name: input.name, url: input.url, secret, createdAt: deps.now() }).returning();
  return { ...toWebhook(row!), secret };
}

export async function deleteWebhook(ctx: Ctx, ref: WebhookRef): Promise<void> {
  await ownWebhook(ctx, ref);
  await ctx.deps.db.delete(webhooks).where(eq(webhooks.id, ref.id));
}

export async function listDeliveries(ctx: Ctx, ref: WebhookRef): Promise<Delivery[]> {
  await ownWebhook(ctx, ref);
  const rows = await ctx.deps.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.webhookId, ref.id))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    status: r.status,
    responseStatus: r.responseStatus,
    attemptedAt: r.attemptedAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    error: r.error,
  }));
}

/** Sends an event again from the start of the retry schedule (the same webhook-id). */
export async function redeliver(ctx: Ctx, { id, eventId }: WebhookRef & { eventId: string }): Promise<void> {
  const { deps } = ctx;
  const hook = await ownWebhook(ctx, { id });
  const updated = await deps.db
    .update(webhookEvents)
    .set({ status: "pending", attempts: 0, nextAttemptAt: deps.now(), lockedUntil: null })
    .where(and(eq(webhookEvents.id, eventId), eq(webhookEvents.webhookId, hook.id)))
    .returning({ id: webhookEvents.id });
  if (updated.length === 0) throw notFound("Event");
  if (hook.disabledAt) await deps.db.update(webhooks).set({ disabledAt: null }).where(eq(webhooks.id, hook.id));
}

export async function sendTestEvent(ctx: Ctx, ref: WebhookRef): Promise<string> {
  const { deps } = ctx;
  const hook = await ownWebhook(ctx, ref);
  if (hook.disabledAt) await deps.db.update(webhooks).set({ disabledAt: null }).where(eq(webhooks.id, hook.id));
  return queueEvent(deps.db, hook.id, "webhook.test", { webhook: { id: hook.id, name: hook.name } }, deps.now());
}
