import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { accessTokens, recoveryCodes, users } from "@/lib/db/schema";
import { logActivity } from "../activity";
import type { Ctx } from "../context";
import { conflict, notFound } from "../errors";
import { emailTwoFactorCleared } from "../notifications/two-factor-mail";
import { hashPassword } from "./passwords";

// What an installation's operator does for a person locked out with no admin and no mail to help:
// run from the command line on the server, so whoever runs it already holds the database.

const cliActor = (user: typeof users.$inferSelect) => ({ accountId: user.accountId, userId: null, email: null, tokenKind: "session" as const, via: "cli" });
const deps = (db: Db) => ({ db, now: () => new Date(), config: { rateLimitPerHour: 0, tokenTtlHours: 0, passwordCost: 17, webhookAllowPrivate: false } });

async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) throw new Error(`No user ${email}`);
  return user;
}

const endSessions = (db: Db | Tx, userId: number) =>
  db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.userId, userId), eq(accessTokens.kind, "session"), isNull(accessTokens.revokedAt)));

/** Sets a person's password and ends their sessions; logged in their account's activity. */
export async function resetPasswordOf(db: Db, email: string, password: string, cost = 17): Promise<string> {
  if (password.length < 8) throw new Error("The new password needs at least 8 characters");
  const user = await userByEmail(db, email);
  const passwordHash = await hashPassword(password, cost);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endSessions(tx, user.id);
  });
  await logActivity(deps(db), cliActor(user), "people", "passwordSetByOperator", null, { id: user.id, email: user.email });
  return user.email;
}

/** Turns a person's two-factor codes off, their recovery codes with them, and ends their sessions. */
const turnOffTwoFactor = (db: Db, userId: number) =>
  db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpPending: null, totpLastStep: null }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await endSessions(tx, userId);
  });

/** From the server's command line: a person's two-factor codes off and their sessions ended; logged. */
export async function clearTwoFactorOf(db: Db, email: string): Promise<string> {
  const user = await userByEmail(db, email);
  if (!user.totpSecret && !user.totpPending) throw new Error(`${user.email} has no two-factor codes`);
  await turnOffTwoFactor(db, user.id);
  await logActivity(deps(db), cliActor(user), "people", "twoFactorClearedByOperator", null, { id: user.id, email: user.email });
  return user.email;
}

/**
 * An admin turns off the two-factor codes of a person of the account who lost them: their
 * sessions end, the activity records it, and the person is e-mailed (a change they did not make
 * must not go unseen).
 */
export async function clearTwoFactorByAdmin(ctx: Ctx, { id }: { id: number }): Promise<void> {
  const { deps, caller } = ctx;
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.accountId, caller.accountId)));
  if (!user) throw notFound("User");
  if (user.id === caller.userId) throw conflict("Turn your own codes off on the Account page, with a code");
  if (!user.totpSecret) throw conflict(`${user.email} has no two-factor codes`);
  await turnOffTwoFactor(deps.db, user.id);
  await logActivity(deps, caller, "people", "twoFactorClearedByAdmin", null, { id: user.id, email: user.email });
  emailTwoFactorCleared(deps, { to: user.email, by: caller.email, language: user.language, userId: user.id, at: deps.now() });
}
