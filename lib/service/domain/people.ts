import "server-only";
import { MAX_ROW_ID } from "@/lib/contract/constants";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Invitation, InvitationDetails, Role, UpdateUserRequest, User } from "@/lib/contract/people";
import { accounts, invitations, users } from "@/lib/db/schema";
import { emailInvitation } from "../notifications/invitation-mail";
import type { Ctx, Deps } from "../context";
import { ApiError, conflict, notFound } from "../errors";
import { hashPassword, verifyPassword } from "../sign-in/passwords";
import { hashToken, issueSessionToken, newSecret, revokeOtherSessions } from "./tokens";

const INVITATION_DAYS = 7;

const toUser = (row: typeof users.$inferSelect): User => ({
  id: row.id,
  email: row.email,
  role: row.role,
  active: row.deactivatedAt === null,
  twoFactor: row.totpSecret !== null,
  createdAt: row.createdAt.toISOString(),
});

export async function listUsers({ deps, caller }: Ctx): Promise<User[]> {
  const rows = await deps.db.select().from(users).where(eq(users.accountId, caller.accountId)).orderBy(asc(users.id));
  return rows.map(toUser);
}

/**
 * Changes a user's role or active state. Under a per-account lock it checks that an active
 * admin remains, so two admins demoting each other at once cannot leave the account without one.
 */
export async function updateUser({ deps, caller }: Ctx, { id, input }: { id: number; input: UpdateUserRequest }): Promise<User> {
  if (id > MAX_ROW_ID) throw notFound("User");
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`account-admins:${caller.accountId}`}, 0))`);
    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.role !== undefined) changes.role = input.role;
    if (input.active !== undefined) changes.deactivatedAt = input.active ? null : deps.now();
    const [row] = await tx
      .update(users)
      .set(changes)
      .where(and(eq(users.id, id), eq(users.accountId, caller.accountId)))
      .returning();
    if (!row) throw notFound("User");
    const [admins] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.accountId, caller.accountId), eq(users.role, "admin"), isNull(users.deactivatedAt)));
    if (!admins?.n) throw conflict("The account must keep at least one active admin; nothing was changed");
    return toUser(row);
  });
}

const openInvitation = (deps: Deps) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, deps.now()));

const toInvitation = (row: typeof invitations.$inferSelect): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export async function listInvitations({ deps, caller }: Ctx): Promise<Invitation[]> {
  const rows = await deps.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.accountId, caller.accountId), openInvitation(deps)))
    .orderBy(desc(invitations.id));
  return rows.map(toInvitation);
}

/** A single-use invitation; an earlier open one for the same e-mail in the account is withdrawn. */
export async function createInvitation({ deps, caller }: Ctx, input: { email: string; role: Role }) {
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw conflict(`${input.email} already has a Gauge login`);
  const token = newSecret("gin_");
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.accountId, caller.accountId), eq(invitations.email, input.email), openInvitation(deps)));
    const [created] = await tx
      .insert(invitations)
      .values({
        accountId: caller.accountId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: caller.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      })
      .returning();
    return created!;
  });
  const [[account], [inviter]] = await Promise.all([
    deps.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, caller.accountId)),
    deps.db.select({ language: users.language }).from(users).where(eq(users.id, caller.userId)),
  ]);
  const sent = await emailInvitation(deps, {
    id: row.id,
    to: row.email,
    role: row.role,
    account: account?.name || caller.email,
    invitedBy: caller.email,
    token,
    expiresAt: row.expiresAt,
    language: inviter?.language ?? null,
  });
  return { ...toInvitation(row), token, ...sent };
}

const GONE = "This invitation is unknown, already used, withdrawn or expired: ask for a new one";

/** What an open invitation is for, shown on the join page before a password is chosen. */
export async function invitationDetails(deps: Deps, token: string): Promise<InvitationDetails> {
  const [row] = await deps.db
    .select({ email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt, account: accounts.name, invitedBy: users.email })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.tokenHash, hashToken(token)), openInvitation(deps)));
  if (!row) throw new ApiError(404, "not_found", GONE);
  return {
    email: row.email,
    role: row.role,
    account: row.account || row.invitedBy || "your team",
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function revokeInvitation({ deps, caller }: Ctx, { id }: { id: number }): Promise<void> {
  const revoked = await deps.db
    .update(invitations)
    .set({ revokedAt: deps.now() })
    .where(and(eq(invitations.id, id), eq(invitations.accountId, caller.accountId), openInvitation(deps)))
    .returning({ id: invitations.id });
  if (revoked.length === 0) throw notFound("Invitation");
}

/**
 * Uses an invitation: creates the user with the chosen password and logs it in. The invitation
 * is claimed by a conditional update, so the same link used twice at once makes one user.
 */
export async function acceptInvitation(deps: Deps, input: { token: string; password: string }): Promise<{ email: string; token: string }> {
  const passwordHash = await hashPassword(input.password, deps.config.passwordCost);
  const user = await deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ acceptedAt: deps.now() })
      .where(and(eq(invitations.tokenHash, hashToken(input.token)), openInvitation(deps)))
      .returning();
    if (!invitation) throw new ApiError(404, "not_found", GONE);
    const [created] = await tx
      .insert(users)
      .values({ accountId: invitation.accountId, email: invitation.email, passwordHash, role: invitation.role, createdAt: deps.now() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict(`${invitation.email} already has a Gauge login: log in instead`);
    return created;
  });
  return { email: user.email, token: await issueSessionToken(deps, user) };
}

/** Changes the caller's password after checking the current one; its other sessions end. */
export async function changePassword({ deps, caller }: Ctx, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, caller.userId));
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new ApiError(400, "invalid_request", "The current password is wrong", [{ path: "currentPassword", message: "Wrong password" }]);
  }
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword, deps.config.passwordCost) })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(deps, user.id, caller.tokenId);
}
