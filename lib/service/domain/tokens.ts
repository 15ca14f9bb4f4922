import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { accessTokens, users } from "@/lib/db/schema";
import type { ApiKey } from "@/lib/contract/auth";
import { ROLE_RANK, roleAtLeast, type Role } from "@/lib/contract/people";
import type { Caller, Ctx, Deps } from "../context";
import { forbidden, notFound } from "../errors";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newSecret = (prefix: string) => prefix + randomBytes(32).toString("base64url");
const lower = (a: Role, b: Role): Role => (ROLE_RANK[a] <= ROLE_RANK[b] ? a : b);

export async function issueSessionToken(deps: Deps, user: { id: number; accountId: number }): Promise<string> {
  const token = newSecret("gst_");
  const expiresAt = new Date(deps.now().getTime() + deps.config.tokenTtlHours * 3_600_000);
  await deps.db.insert(accessTokens).values({ accountId: user.accountId, userId: user.id, kind: "session", tokenHash: hashToken(token), expiresAt });
  return token;
}

/** The active admins and experts of an account, as a SQL expression. */
export const countedUsersOf = (accountId: unknown) =>
  sql<number>`(SELECT count(*) FROM ${users} u WHERE u.account_id = ${accountId} AND u.role <> 'viewer' AND u.deactivated_at IS NULL)::int`;

/**
 * The caller a Token header belongs to, or null when it is unknown, revoked, expired, or its
 * user is deactivated. The role is read on every call, so a change takes effect at once.
 */
export async function findCaller(deps: Deps, token: string): Promise<Caller | null> {
  const now = deps.now();
  const [row] = await deps.db
    .select({
      tokenId: accessTokens.id,
      kind: accessTokens.kind,
      keyRole: accessTokens.role,
      accountId: users.accountId,
      userId: users.id,
      email: users.email,
      role: users.role,
      countedUsers: countedUsersOf(users.accountId),
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        isNull(users.deactivatedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.kind === "api_key") {
    await deps.db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.tokenId));
  }
  return {
    tokenId: row.tokenId,
    tokenKind: row.kind,
    accountId: row.accountId,
    userId: row.userId,
    email: row.email,
    role: row.keyRole ? lower(row.keyRole, row.role) : row.role,
    countedUsers: row.countedUsers,
  };
}

/** Revokes the token the call came with (logging out). */
export async function revokeOwnToken({ deps, caller }: Ctx): Promise<void> {
  await deps.db.update(accessTokens).set({ revokedAt: deps.now() }).where(eq(accessTokens.id, caller.tokenId));
}

/** An admin sees and revokes every key of the account; anyone else only their own. */
const visibleKeys = (caller: Caller) =>
  and(
    eq(accessTokens.accountId, caller.accountId),
    eq(accessTokens.kind, "api_key"),
    isNull(accessTokens.revokedAt),
    caller.role === "admin" ? undefined : eq(accessTokens.userId, caller.userId),
  );

export async function listApiKeys({ deps, caller }: Ctx): Promise<ApiKey[]> {
  const rows = await deps.db
    .select({ key: accessTokens, userEmail: users.email, userRole: users.role })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(visibleKeys(caller))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map(({ key, userEmail, userRole }) => ({
    id: key.id,
    name: key.name ?? "",
    role: lower(key.role ?? userRole, userRole),
    userEmail,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function createApiKey({ deps, caller }: Ctx, { name, role = caller.role }: { name: string; role?: Role }) {
  if (!roleAtLeast(caller.role, role)) throw forbidden(`An API key's role cannot be above your own (${caller.role})`);
  const key = newSecret("gak_");
  const [row] = await deps.db
    .insert(accessTokens)
    .values({ accountId: caller.accountId, userId: caller.userId, kind: "api_key", role, name, tokenHash: hashToken(key), createdAt: deps.now() })
    .returning({ id: accessTokens.id });
  return { id: row!.id, name, role, key };
}

export async function revokeApiKey({ deps, caller }: Ctx, { id }: { id: number }): Promise<void> {
  const revoked = await deps.db
    .update(accessTokens)
    .set({ revokedAt: deps.now() })
    .where(and(visibleKeys(caller), eq(accessTokens.id, id)))
    .returning({ id: accessTokens.id });
  if (revoked.length === 0) throw notFound("API key");
}

/** Signs out every session of a user but the one given (after a password change). */
export async function revokeOtherSessions(deps: Deps, userId: number, keepTokenId: number): Promise<void> {
  await deps.db
    .update(accessTokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(accessTokens.userId, userId), eq(accessTokens.kind, "session"), ne(accessTokens.id, keepTokenId), isNull(accessTokens.revokedAt)));
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
