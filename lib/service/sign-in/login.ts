import "server-only";
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { loginFailures, users } from "@/lib/db/schema";
import { logActivity, themselves } from "../activity";
import type { Deps } from "../context";
import { hashPassword, verifyPassword } from "./passwords";
import { issueSessionToken, pruneSessionTokens } from "../domain/tokens";
import { acceptCode } from "./two-factor";
import { ssoEnforcedFor } from "./sso-settings";

export const THROTTLE_FAILURES = 10;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type LoginOutcome =
  | { kind: "ok"; token: string }
  | { kind: "invalid" }
  | { kind: "otp_required" }
  | { kind: "otp_invalid" }
  | { kind: "sso_required" }
  | { kind: "throttled"; retryAfterSeconds: number };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// Unknown e-mails are checked against this hash so that they take as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummyHashFor = (cost: number) => (dummyHash ??= hashPassword("not-a-password", cost));

/**
 * Checks an e-mail and password. Under a lock per e-mail it counts the recent failed attempts
 * and reserves this one (an attempt in flight counts as failed until it succeeds), so however
 * many arrive at once, at most 10 per 15 minutes are ever checked. The slow password check runs
 * outside the lock; a success then removes its reservation.
 */
/** `from`: the client's address (through trusted proxies), which the activity log records with each sign-in and failed sign-in. */
export async function login(
  deps: Deps,
  email: string,
  password: string,
  via: "api" | "dashboard" = "api",
  otp?: string,
  from: string | null = null,
): Promise<LoginOutcome> {
  const fromAddress = from ? { address: from } : {};
  const key = normalizeEmail(email);
  const now = deps.now();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);

  const reserved = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${key}`}, 0))`);
    const recent = await tx
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.email, key), gt(loginFailures.failedAt, windowStart)))
      .orderBy(desc(loginFailures.failedAt))
      .limit(THROTTLE_FAILURES);
    if (recent.length >= THROTTLE_FAILURES) {
      // Logins open again when the 10th most recent failure leaves the window.
      const opensAt = recent[THROTTLE_FAILURES - 1]!.failedAt.getTime() + THROTTLE_WINDOW_MS;
      return { kind: "throttled" as const, retryAfterSeconds: Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000)) };
    }
    const [attempt] = await tx.insert(loginFailures).values({ email: key, failedAt: now }).returning({ id: loginFailures.id });
    return { kind: "reserved" as const, attemptId: attempt!.id };
  });
  if (reserved.kind === "throttled") return reserved;

  const [user] = await deps.db.select().from(users).where(eq(users.email, key)).limit(1);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHashFor(deps.config.passwordCost)));
  // A deactivated user's password is checked like any other, so the answer tells nothing.
  if (!user || !valid || user.deactivatedAt) {
    await deps.db.delete(loginFailures).where(lt(loginFailures.failedAt, windowStart));
    // A failure for a known address is its account's business; an unknown address has no account.
    if (user)
      await logActivity(deps, { ...themselves(user), via }, "sign-in", user.deactivatedAt ? "loginDeactivated" : "loginWrongPassword", null, fromAddress);
    return { kind: "invalid" };
  }
  // Only after the password: otherwise the answer tells anyone which e-mails exist and sign in with SSO. The attempt stays counted.
  if (await ssoEnforcedFor(deps, user)) {
    await logActivity(deps, { ...themselves(user), via }, "sign-in", "loginSsoRequired", null, fromAddress);
    return { kind: "sso_required" };
  }
  if (user.totpSecret) {
    // A missing or wrong code leaves the attempt counted as failed: codes are throttled like passwords.
    if (!otp) return { kind: "otp_required" };
    if (!(await acceptCode(deps, user, otp))) {
      await logActivity(deps, { ...themselves(user), via }, "sign-in", "loginWrongCode", null, fromAddress);
      return { kind: "otp_invalid" };
    }
  }
  await deps.db.delete(loginFailures).where(eq(loginFailures.id, reserved.attemptId));
  await pruneSessionTokens(deps);
  await logActivity(deps, { ...themselves(user), via }, "sign-in", "loggedIn", null, fromAddress);
  return { kind: "ok", token: await issueSessionToken(deps, user) };
}
