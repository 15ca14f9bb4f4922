import "server-only";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { accessTokens, ssoConfigs, users } from "@/lib/db/schema";
import { logActivity } from "../activity";
import type { Deps } from "../context";
import { ScimError, type UserFields } from "./resource";

type UserRow = typeof users.$inferSelect;
export interface ScimOwner {
  accountId: number;
  name: string;
}

const actor = (owner: ScimOwner) => ({
  accountId: owner.accountId,
  userId: null,
  email: null,
  tokenKind: "api_key" as const,
  keyName: `SCIM: ${owner.name}`,
  via: "scim",
});
const visible = (owner: ScimOwner) => and(eq(users.accountId, owner.accountId), isNull(users.deletedAt));

/** The filters identity providers send to find a user before creating it: `userName eq "..."`, `externalId eq "..."`, `emails.value eq "..."`. */
function parseFilter(filter: string): { attribute: "userName" | "externalId"; value: string } {
  const match = /^\s*([\w.:[\]" ]+?)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attribute = match?.[1]?.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, "");
  const value = match?.[2]?.replace(/\\(.)/g, "$1") ?? "";
  if (attribute === "username" || attribute === "emails.value" || attribute === 'emails[type eq "work"].value') return { attribute: "userName", value };
  if (attribute === "externalid") return { attribute: "externalId", value };
  throw new ScimError(400, 'Filters supported: userName eq "...", externalId eq "...", emails.value eq "..."', "invalidFilter");
}

export async function findUsers(deps: Deps, owner: ScimOwner, filter: string | undefined, startIndex: number, count: number) {
  const where = filter ? parseFilter(filter) : null;
  const condition = and(
    visible(owner),
    where?.attribute === "userName" ? eq(users.email, where.value.trim().toLowerCase()) : undefined,
    where?.attribute === "externalId" ? eq(users.externalId, where.value) : undefined,
  );
  const [total] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(users).where(condition);
  const rows =
    count === 0
      ? []
      : await deps.db
          .select()
          .from(users)
          .where(condition)
          .orderBy(asc(users.id))
          .offset(startIndex - 1)
          .limit(count);
  return { total: total?.n ?? 0, rows };
}

export async function getUser(deps: Deps, owner: ScimOwner, id: string): Promise<UserRow> {
  const number = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  const [row] =
    number > 0 && number <= MAX_ROW_ID
      ? await deps.db
          .select()
          .from(users)
          .where(and(visible(owner), eq(users.id, number)))
      : [];
  if (!row) throw new ScimError(404, `User ${id} not found`);
  return row;
}

/**
 * Whom a SCIM token may change: anyone it provisioned (an external ID, or no password of their
 * own), and anyone who is not an admin. An admin made in Gauge stays Gauge's, so a provisioning
 * token cannot take over the account by renaming or deactivating its admins.
 */
const scimMayChange = (user: UserRow) => user.role !== "admin" || user.externalId !== null || user.passwordHash === "scim";

/** Applies the changes under the account's admin lock: a taken e-mail is a 409, and the last active admin cannot be deactivated. */
async function write(
  deps: Deps,
  owner: ScimOwner,
  id: number | null,
  fields: UserFields,
): Promise<{ row: UserRow; deactivated: boolean; created: boolean; previousEmail: string | null }> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`account-admins:${owner.accountId}`}, 0))`);
    const [before] = id === null ? [] : await tx.select().from(users).where(eq(users.id, id));
    if (before && !scimMayChange(before)) {
      throw new ScimError(403, "This user is an admin the identity provider did not provision: an admin of the account changes them in Gauge");
    }
    if (fields.email !== undefined && fields.email !== before?.email) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, fields.email));
      if (taken) throw new ScimError(409, "A user with this userName already exists", "uniqueness");
    }
    const changes: Partial<typeof users.$inferInsert> = {
      ...(fields.email !== undefined ? { email: fields.email } : {}),
      ...(fields.externalId !== undefined ? { externalId: fields.externalId } : {}),
      ...(fields.givenName !== undefined ? { givenName: fields.givenName } : {}),
      ...(fields.familyName !== undefined ? { familyName: fields.familyName } : {}),
      ...(fields.active !== undefined ? { deactivatedAt: fields.active ? null : (before?.deactivatedAt ?? deps.now()) } : {}),
      ...(before?.deletedAt ? { deletedAt: null } : {}),
    };
    let row: UserRow;
    if (!before) {
      const [sso] = await tx.select({ role: ssoConfigs.defaultRole }).from(ssoConfigs).where(eq(ssoConfigs.accountId, owner.accountId));
      [row] = (await tx
        .insert(users)
        .values({ accountId: owner.accountId, email: fields.email!, passwordHash: "scim", role: sso?.role ?? "viewer", createdAt: deps.now(), ...changes })
        .returning()) as [UserRow];
    } else {
      [row] = Object.keys(changes).length === 0 ? [before] : ((await tx.update(users).set(changes).where(eq(users.id, before.id)).returning()) as [UserRow]);
    }
    const deactivated = before !== undefined && before.deactivatedAt === null && row.deactivatedAt !== null;
    if (deactivated && before!.role === "admin") {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.accountId, owner.accountId), eq(users.role, "admin"), isNull(users.deactivatedAt), ne(users.id, row.id)));
      if (!others?.n) throw new ScimError(409, "This is the account's last active admin: it stays active", "mutability");
    }
    // A leaver's sessions and API keys end at once, and do not come back if the user is reactivated.
    if (row.deactivatedAt !== null)
      await tx
        .update(accessTokens)
        .set({ revokedAt: deps.now() })
        .where(and(eq(accessTokens.userId, row.id), isNull(accessTokens.revokedAt)));
    // A new e-mail is a new sign-in identity: sessions opened under the old one end.
    const emailChanged = before !== undefined && before.email !== row.email;
    if (emailChanged)
      await tx
        .update(accessTokens)
        .set({ revokedAt: deps.now() })
        .where(and(eq(accessTokens.userId, row.id), eq(accessTokens.kind, "session"), isNull(accessTokens.revokedAt)));
    return { row, deactivated, created: !before, previousEmail: emailChanged ? before.email : null };
  });
}

export async function createUser(deps: Deps, owner: ScimOwner, fields: UserFields & { email: string }): Promise<UserRow> {
  // A user deleted through SCIM comes back, history and all, when provisioned again.
  const [deleted] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, owner.accountId), eq(users.email, fields.email), sql`${users.deletedAt} IS NOT NULL`));
  const { row } = await write(deps, owner, deleted?.id ?? null, fields);
  await logActivity(deps, actor(owner), "people", "scimProvisioned", null, { id: row.id, email: row.email, active: row.deactivatedAt === null });
  return row;
}

export async function changeUser(deps: Deps, owner: ScimOwner, id: string, fields: UserFields): Promise<UserRow> {
  const current = await getUser(deps, owner, id);
  const { row, deactivated, previousEmail } = await write(deps, owner, current.id, fields);
  const action = deactivated ? "scimDeactivated" : "scimChanged";
  await logActivity(deps, actor(owner), "people", action, null, { id: row.id, email: row.email, active: row.deactivatedAt === null });
  if (previousEmail) await logActivity(deps, actor(owner), "people", "scimEmailChanged", null, { id: row.id, from: previousEmail, to: row.email });
  return row;
}

export async function deleteUser(deps: Deps, owner: ScimOwner, id: string): Promise<void> {
  const current = await getUser(deps, owner, id);
  await write(deps, owner, current.id, { active: false });
  await deps.db.update(users).set({ deletedAt: deps.now() }).where(eq(users.id, current.id));
  await logActivity(deps, actor(owner), "people", "scimDeleted", null, { id: current.id, email: current.email });
}
