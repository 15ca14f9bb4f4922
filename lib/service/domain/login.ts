import "server-only";
import { and, desc, eq, gt, lt } from "drizzle-orm";
import { accounts, loginFailures } from "@/lib/db/schema";
import type { Deps } from "../context";
import { hashPassword, verifyPassword } from "./passwords";
import { issueSessionToken, pruneSessionTokens } from "./tokens";

export const THROTTLE_FAILURES = 10;
export const THROTTLE_WINDOW_MS = 15 * 60_000;

export type LoginOutcome =
  | { kind: "ok"; token: string }
  | { kind: "invalid" }
  | { kind: "throttled"; retryAfterSeconds: number };

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// Unknown e-mails are checked against this hash so that they take as long as a wrong password.
let dummyHash: Promise<string> | undefined;
const dummyHashFor = (cost: number) => (dummyHash ??= hashPassword("not-a-password", cost));

export async function login(deps: Deps, email: string, password: string): Promise<LoginOutcome> {
  const key = normalizeEmail(email);
  const now = deps.now();
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);

  const recent = await deps.db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, key), gt(loginFailures.failedAt, windowStart)))
    .orderBy(desc(loginFailures.failedAt))
    .limit(THROTTLE_FAILURES);
  if (recent.length >= THROTTLE_FAILURES) {
    // Logins open again when the 10th most recent failure leaves the window.
    const opensAt = recent[THROTTLE_FAILURES - 1]!.failedAt.getTime() + THROTTLE_WINDOW_MS;
    return { kind: "throttled", retryAfterSeconds: Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000)) };
  }

  const [account] = await deps.db.select().from(accounts).where(eq(accounts.email, key)).limit(1);
  const valid = await verifyPassword(password, account?.passwordHash ?? (await dummyHashFor(deps.config.passwordCost)));
  if (!account || !valid) {
    await deps.db.insert(loginFailures).values({ email: key, failedAt: now });
    await deps.db.delete(loginFailures).where(lt(loginFailures.failedAt, windowStart));
    return { kind: "invalid" };
  }
  await pruneSessionTokens(deps);
  return { kind: "ok", token: await issueSessionToken(deps, account.id) };
}
