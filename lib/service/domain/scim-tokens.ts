import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { ScimToken } from "@/lib/contract/scim-tokens";
import { scimTokens } from "@/lib/db/schema";
import type { Ctx, Deps } from "../context";
import { dashboardBase } from "../context";
import { notFound } from "../errors";
import { hashToken, newSecret } from "./tokens";

export const scimBaseUrl = (deps: Deps) => `${dashboardBase(deps)}/scim/v2`;

export async function listScimTokens({ deps, caller }: Ctx): Promise<{ baseUrl: string; items: ScimToken[] }> {
  const rows = await deps.db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.accountId, caller.accountId), isNull(scimTokens.revokedAt)))
    .orderBy(desc(scimTokens.id));
  return {
    baseUrl: scimBaseUrl(deps),
    items: rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null })),
  };
}

export async function createScimToken({ deps, caller }: Ctx, { name }: { name: string }) {
  const token = newSecret("gsc_");
  const [row] = await deps.db
    .insert(scimTokens)
    .values({ accountId: caller.accountId, name, tokenHash: hashToken(token), createdAt: deps.now() })
    .returning({ id: scimTokens.id });
  return { id: row!.id, name, token };
}

export async function revokeScimToken({ deps, caller }: Ctx, { id }: { id: number }): Promise<void> {
  const revoked = await deps.db
    .update(scimTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(scimTokens.id, id), eq(scimTokens.accountId, caller.accountId), isNull(scimTokens.revokedAt)))
    .returning({ id: scimTokens.id });
  if (revoked.length === 0) throw notFound("SCIM token");
}

/** The account and name of an active SCIM token, noting its use; null for any other. */
export async function scimTokenOwner(deps: Deps, token: string): Promise<{ accountId: number; name: string } | null> {
  const [row] = await deps.db
    .update(scimTokens)
    .set({ lastUsedAt: deps.now() })
    .where(and(eq(scimTokens.tokenHash, hashToken(token)), isNull(scimTokens.revokedAt)))
    .returning({ accountId: scimTokens.accountId, name: scimTokens.name });
  return row ?? null;
}
