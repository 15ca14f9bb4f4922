import "server-only";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import { and, desc, eq } from "drizzle-orm";
import type { CreateWebhook, Delivery, UpdateWebhook, Webhook } from "@/lib/contract/webhooks";
import { webhookAttempts, webhookEvents, webhooks } from "@/lib/db/schema";
import { localeOf, translatorFor } from "@/lib/i18n/server";
import type { Ctx, Deps } from "../context";
import { invalidRequest, notFound } from "../errors";
import { OutboundRefusal, pinnedAddress } from "../outbound/reach";
import { queueEvent } from "../webhooks/outbox";
import { newWebhookSecret, webhookReach } from "../webhooks/send";

const toWebhook = (row: typeof webhooks.$inferSelect): Webhook => ({
  id: row.id,
  name: row.name,
  url: row.url,
  format: row.format,
  createdAt: row.createdAt.toISOString(),
  disabled: row.disabledAt !== null,
  ...(row.language ? { language: row.language } : {}),
});

type WebhookRef = { id: number };

export async function listWebhooks({ deps, caller }: Ctx): Promise<Webhook[]> {
  const rows = await deps.db.select().from(webhooks).where(eq(webhooks.accountId, caller.accountId)).orderBy(webhooks.id);
  return rows.map(toWebhook);
}

async function ownWebhook({ deps, caller }: Ctx, { id }: WebhookRef) {
  const [row] =
    id > MAX_ROW_ID
      ? []
      : await deps.db
          .select()
          .from(webhooks)
          .where(and(eq(webhooks.id, id), eq(webhooks.accountId, caller.accountId)));
  if (!row) throw notFound("Webhook");
  return row;
}

/** Refuses a URL a delivery could not be sent to: not http(s), with credentials, or at an internal address. */
async function checkUrl(url: string, deps: Deps) {
  const refuse = (message: string) => invalidRequest(message, [{ path: "url", message }]);
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw refuse("Only http and https URLs are allowed");
  if (parsed.username || parsed.password) throw refuse("URLs with credentials are not allowed");
  try {
    await pinnedAddress(parsed.hostname, webhookReach(deps.config.webhookAllowPrivate, deps.config.resolveHost));
  } catch (error) {
    if (error instanceof OutboundRefusal) throw refuse(error.message);
    throw error;
  }
}

export async function createWebhook({ deps, caller }: Ctx, input: CreateWebhook) {
  await checkUrl(input.url, deps);
  const secret = newWebhookSecret();
  const [row] = await deps.db
    .insert(webhooks)
    .values({
      accountId: caller.accountId,
      name: input.name,
      url: input.url,
      format: input.format ?? "standard",
      language: input.language ?? null,
      secret,
      createdAt: deps.now(),
    })
    .returning();
  return row!.format === "standard" ? { ...toWebhook(row!), secret } : toWebhook(row!);
}

export async function updateWebhook(ctx: Ctx, { id, input }: WebhookRef & { input: UpdateWebhook }): Promise<Webhook> {
  await ownWebhook(ctx, { id });
  if (input.url !== undefined) await checkUrl(input.url, ctx.deps);
  const [row] = await ctx.deps.db.update(webhooks).set(input).where(eq(webhooks.id, id)).returning();
  return toWebhook(row!);
}

export async function deleteWebhook(ctx: Ctx, ref: WebhookRef): Promise<void> {
  await ownWebhook(ctx, ref);
  await ctx.deps.db.delete(webhooks).where(eq(webhooks.id, ref.id));
}

export async function listDeliveries(ctx: Ctx, ref: WebhookRef): Promise<Delivery[]> {
  await ownWebhook(ctx, ref);
  const rows = await ctx.deps.db
    .select({ attempt: webhookAttempts, type: webhookEvents.type, summary: webhookEvents.summary })
    .from(webhookAttempts)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookAttempts.eventId))
    .where(eq(webhookAttempts.webhookId, ref.id))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    .limit(100);
  return rows.map(({ attempt: r, type, summary }) => ({
    id: r.id,
    eventId: r.eventId,
    type,
    summary: summary || type,
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
  const t = translatorFor(localeOf(hook.language), "mail");
  const message = { title: t("test.title", { name: hook.name }), facts: [[t("test.webhook"), hook.name]] as [string, string][], lines: [t("test.line")] };
  return queueEvent(deps.db, hook.id, "webhook.test", { webhook: { id: hook.id, name: hook.name } }, deps.now(), { message });
}
