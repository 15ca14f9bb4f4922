import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { accessTokens, accounts } from "@/lib/db/schema";
import type { ApiKey } from "@/lib/contract/auth";
import type { Caller, Ctx, Deps } from "../context";
import { notFound } from "../errors";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newSecret = (prefix: string) => prefix + randomBytes(32).toString("base64url");

export async function issueSessionToken(deps: Deps, accountId: number): Promise<string> {
  const token = newSecret("gst_");
  const expiresAt = new Date(deps.now().getTime() + deps.config.tokenTtlHours * 3_600_000);
  await deps.db.insert(accessTokens).values({ accountId, kind: "session", tokenHash: hashToken(token), expiresAt });
  return token;
}

/** The caller a Token header belongs to, or null when it is unknown, revoked or expired. */
export async function findCaller(deps: Deps, token: string): Promise<Caller | null> {
  const now = deps.now();
  const [row] = await deps.db
    .select({ tokenId: accessTokens.id, kind: accessTokens.kind, accountId: accounts.id, email: accounts.email })
    .from(accessTokens)
    .innerJoin(accounts, eq(accounts.id, accessTokens.accountId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.kind === "api_key") {
    await deps.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.tokenId));
  }
  return { tokenId: row.tokenId, accountId: row.accountId, email: row.email };
}

/** Revokes the token the call came with (logging out). */
export async function revokeOwnToken({ deps, caller }: Ctx): Promise<void> {
  await deps.db.update(accessTokens).set({ revokedAt: deps.now() }).where(eq(accessTokens.id, caller.tokenId));
}

const apiKeyOf = (accountId: number) =>
  and(eq(accessTokens.accountId, accountId), eq(accessTokens.kind, "api_key"), isNull(accessTokens.revokedAt));

export async function listApiKeys({ deps, caller }: Ctx): Promise<ApiKey[]> {
  const rows = await deps.db
    .select()
    .from(accessTokens)
    .where(apiKeyOf(caller.accountId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? "",
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function createApiKey({ deps, caller }: Ctx, { name }: { name: string }) {
  const key = newSecret("gak_");
  const [row] = await deps.db
    .insert(accessTokens)
    .values({ accountId: caller.accountId, kind: "api_key", name, tokenHash: hashToken(key), createdAt: deps.now() })
    .returning({ id: accessTokens.id });
  return { id: row!.id, name, key };
}

export async function revokeApiKey({ deps, caller }: Ctx, { id }: { id: number }): Promise<void> {
  const revoked = await deps.db
    .update(accessTokens)
    .set({ revokedAt: deps.now() })
    .where(and(apiKeyOf(caller.accountId), eq(accessTokens.id, id)))
    .returning({ id: accessTokens.id });
  if (revoked.length === 0) throw notFound("API key");
}

/** Deletes expired and revoked session tokens; API keys are kept for their history. */
export async function pruneSessionTokens(deps: Deps): Promise<void> {
  await deps.db
    .delete(accessTokens)
    .where(
      and(
        eq(accessTokens.kind, "session"),
        sql`coalesce(${accessTokens.revokedAt}, ${accessTokens.expiresAt}) < ${deps.now().toISOString()}::timestamptz - interval '1 day'`,
      ),
    );
}
