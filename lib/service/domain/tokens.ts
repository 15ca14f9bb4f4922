import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { preparedStatement } from "@/lib/db/query";
import { accessTokens, accounts, callCounters, callSpenders, users } from "@/lib/db/schema";
import type { ApiKey } from "@/lib/contract/auth";
import { ROLE_RANK, roleAtLeast, type Role } from "@/lib/contract/people";
import type { Caller, Ctx, Deps } from "../context";
import { accountLimit, callBudget, WINDOW_SECONDS, type CallBudget } from "./call-limit";
import { forbidden, notFound } from "../errors";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newSecret = (prefix: string) => prefix + randomBytes(32).toString("base64url");
const lower = (a: Role, b: Role): Role => (ROLE_RANK[a] <= ROLE_RANK[b] ? a : b);

/** A session token; `name` says how it signed in when that matters ("sso"). */
export async function issueSessionToken(deps: Deps, user: { id: number; accountId: number }, name: string | null = null): Promise<string> {
  const token = newSecret("gst_");
  const expiresAt = new Date(deps.now().getTime() + deps.config.tokenTtlHours * 3_600_000);
  await deps.db.insert(accessTokens).values({ accountId: user.accountId, userId: user.id, kind: "session", name, tokenHash: hashToken(token), expiresAt });
  return token;
}

/** The active admins and experts of an account, as a SQL expression. */
export const countedUsersOf = (accountId: unknown) =>
  sql<number>`(SELECT count(*) FROM ${users} u WHERE u.account_id = ${accountId} AND u.role <> 'viewer' AND u.deactivated_at IS NULL)::int`;

interface CallerRow {
  tokenId: number;
  kind: Caller["tokenKind"];
  keyRole: Role | null;
  keyName: string | null;
  keyScope: "read" | "write" | null;
  accountId: number;
  userId: number;
  email: string;
  role: Role;
  countedUsers: number;
  /** The account's call window, when the call was counted: its start (epoch ms) and calls in it. */
  windowStartMs: number | null;
  used: number | null;
  /** The call was to be counted and the window's calls were all used: it is refused, and not counted. */
  refused: boolean;
  /** A password session of a user who has no two-factor codes in an account that requires them. */
  twoFactorMissing: boolean;
}

const CALLER = preparedStatement<{ tokenHash: string; now: string; count: boolean; perUser: number }>(
  (p) => sql`WITH caller AS (
      SELECT t.id AS "tokenId", t.kind, t.role AS "keyRole", t.name AS "keyName", t.scope AS "keyScope", owner.account_id AS "accountId", owner.id AS "userId", owner.email, owner.role,
        ${countedUsersOf(sql`owner.account_id`)} AS "countedUsers",
        (t.kind = 'session' AND t.name IS DISTINCT FROM 'sso' AND owner.totp_secret IS NULL
          AND (SELECT a.require_two_factor FROM ${accounts} a WHERE a.id = owner.account_id)) AS "twoFactorMissing"
      FROM ${accessTokens} t JOIN ${users} owner ON owner.id = t.user_id
      WHERE t.token_hash = ${p.tokenHash} AND t.revoked_at IS NULL AND owner.deactivated_at IS NULL
        AND (t.expires_at IS NULL OR t.expires_at > ${p.now}::timestamptz)
      LIMIT 1
    ), counted AS (
      INSERT INTO ${callCounters} AS c (account_id, window_start, used)
      SELECT "accountId", ${p.now}::timestamptz, 1 FROM caller WHERE ${p.count}
      ON CONFLICT (account_id) DO UPDATE SET
        window_start = CASE WHEN c.window_start <= ${p.now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS}) THEN excluded.window_start ELSE c.window_start END,
        used = CASE WHEN c.window_start <= ${p.now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS}) THEN 1 ELSE c.used + 1 END
      WHERE c.window_start <= ${p.now}::timestamptz - make_interval(secs => ${WINDOW_SECONDS})
        OR c.used < (SELECT ${p.perUser}::int * GREATEST(1, "countedUsers") FROM caller)
      RETURNING window_start, (extract(epoch FROM window_start) * 1000)::float8 AS "windowStartMs", used
    ), spent AS (
      INSERT INTO ${callSpenders} AS s (account_id, spender, window_start, used)
      SELECT caller."accountId", 'token:' || caller."tokenId", counted.window_start, 1 FROM caller, counted
      ON CONFLICT (account_id, spender) DO UPDATE SET
        used = CASE WHEN s.window_start = excluded.window_start THEN s.used + 1 ELSE 1 END,
        window_start = excluded.window_start
    ), held AS (
      SELECT (extract(epoch FROM window_start) * 1000)::float8 AS "windowStartMs", used FROM ${callCounters}
      WHERE account_id = (SELECT "accountId" FROM caller) AND ${p.count}
    ), used_key AS (
      UPDATE ${accessTokens} SET last_used_at = ${p.now}::timestamptz FROM caller WHERE ${accessTokens.id} = caller."tokenId" AND caller.kind = 'api_key'
    )
    SELECT caller.*, COALESCE(counted."windowStartMs", held."windowStartMs") AS "windowStartMs", COALESCE(counted.used, held.used) AS used,
      (${p.count} AND counted.used IS NULL) AS refused
    FROM caller LEFT JOIN counted ON true LEFT JOIN held ON true`,
);

/**
 * The caller a Token header belongs to, or null when it is unknown, revoked, expired, or its
 * user is deactivated. The role is read on every call, so a change takes effect at once. With
 * `count`, the same statement counts the call in the account's fixed hourly window (one atomic
 * upsert, so any number of processes sharing the database together allow exactly the limit): one
 * round trip for what every API call needs before its handler runs. A call past the limit is
 * `refused` and not counted, so the window never holds more calls than the limit. A counted call is
 * also counted against its token in call_spenders, for the API keys page's "what spent it".
 */
export async function authenticate(
  deps: Deps,
  token: string,
  count: boolean,
): Promise<{ caller: Caller; budget: CallBudget | null; refused: boolean; twoFactorMissing: boolean } | null> {
  const [row] = await CALLER<CallerRow>(deps.db, { tokenHash: hashToken(token), now: deps.now().toISOString(), count, perUser: deps.config.rateLimitPerHour });
  if (!row) return null;
  const caller: Caller = {
    tokenId: row.tokenId,
    tokenKind: row.kind,
    keyName: row.kind === "api_key" ? row.keyName : null,
    ...(row.kind === "api_key" ? { scope: row.keyScope ?? "write" } : {}),
    accountId: row.accountId,
    userId: row.userId,
    email: row.email,
    role: row.keyRole ? lower(row.keyRole, row.role) : row.role,
    countedUsers: row.countedUsers,
  };
  const limit = accountLimit(deps, row.countedUsers);
  // A refused call finds the window full; a viewer who left since may have lowered the limit below it.
  const budget = row.used === null ? null : callBudget(limit, Math.min(row.used, limit), new Date(row.windowStartMs!));
  return { caller, budget, refused: row.refused, twoFactorMissing: row.twoFactorMissing };
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
    scope: key.scope ?? "write",
    userEmail,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function createApiKey(
  { deps, caller }: Ctx,
  { name, role = caller.role, scope = "write" }: { name: string; role?: Role; scope?: "read" | "write" },
) {
  if (!roleAtLeast(caller.role, role)) throw forbidden(`An API key's role cannot be above your own (${caller.role})`);
  const key = newSecret("gak_");
  const [row] = await deps.db
    .insert(accessTokens)
    .values({ accountId: caller.accountId, userId: caller.userId, kind: "api_key", role, scope, name, tokenHash: hashToken(key), createdAt: deps.now() })
    .returning({ id: accessTokens.id });
  return { id: row!.id, name, role, scope, key };
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
