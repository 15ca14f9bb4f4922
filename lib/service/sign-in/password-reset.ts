import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { ResetLink } from "@/lib/contract/password-reset";
import { accessTokens, passwordResets, users } from "@/lib/db/schema";
import { logActivity, themselves } from "../activity";
import type { Ctx, Deps } from "../context";
import { dashboardBase } from "../context";
import { notFound } from "../errors";
import { emailResetLink } from "../notifications/reset-mail";
import { normalizeEmail } from "./login";
import { hashPassword } from "./passwords";
import { hashToken, newSecret } from "../domain/tokens";

const VALID_MS = 60 * 60_000;
const PER_HOUR = 3;

const linkFor = (deps: Deps, token: string) => `${dashboardBase(deps)}/reset/${encodeURIComponent(token)}`;

async function issue(deps: Deps, userId: number) {
  const token = newSecret("gpr_");
  const expiresAt = new Date(deps.now().getTime() + VALID_MS);
  const [row] = await deps.db
    .insert(passwordResets)
    .values({ userId, tokenHash: hashToken(token), createdAt: deps.now(), expiresAt })
    .returning({ id: passwordResets.id });
  return { id: row!.id, url: linkFor(deps, token), expiresAt };
}

/** Forgot password: an active user gets a link by e-mail, at most 3 an hour; the caller learns nothing either way. */
export async function requestPasswordReset(deps: Deps, email: string): Promise<{ message: string; byEmail: boolean }> {
  const answer = { message: "If that e-mail belongs to a user, a reset link is on its way; it is valid for one hour.", byEmail: Boolean(deps.config.mail) };
  if (!deps.config.mail) return answer;
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), isNull(users.deactivatedAt)));
  if (!user) return answer;
  const [recent] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(deps.now().getTime() - VALID_MS))));
  if ((recent?.n ?? 0) >= PER_HOUR) return answer;
  const reset = await issue(deps, user.id);
  emailResetLink(deps, { id: reset.id, to: user.email, url: reset.url, expiresAt: reset.expiresAt, language: user.language });
  await logActivity(deps, themselves(user), "sign-in", "resetAsked", null, {});
  return answer;
}

/** An admin's reset link for a user of the account, to hand over. */
export async function createResetLink({ deps, caller }: Ctx, { id }: { id: number }): Promise<ResetLink> {
  const [user] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.accountId, caller.accountId), isNull(users.deactivatedAt)));
  if (!user) throw notFound("User");
  const reset = await issue(deps, user.id);
  return { url: reset.url, expiresAt: reset.expiresAt.toISOString() };
}

/** Sets the new password once per link, and ends every session of the user (API keys keep working). */
export async function confirmPasswordReset(deps: Deps, { token, password }: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(password, deps.config.passwordCost);
  const user = await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: deps.now() })
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, deps.now())))
      .returning({ userId: passwordResets.userId });
    if (!reset) throw notFound("Reset link (it may be used or expired)");
    const [changed] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, reset.userId), isNull(users.deactivatedAt)))
      .returning();
    if (!changed) throw notFound("Reset link (it may be used or expired)");
    await tx
      .update(accessTokens)
      .set({ revokedAt: deps.now() })
      .where(and(eq(accessTokens.userId, changed.id), eq(accessTokens.kind, "session"), isNull(accessTokens.revokedAt)));
    return changed;
  });
  await logActivity(deps, themselves(user), "sign-in", "resetDone", null, {});
}
