import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull, or, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { RecoveryCodes, SecuritySettings, TwoFactorSetup, TwoFactorStatus } from "@/lib/contract/two-factor";
import { accounts, recoveryCodes, users } from "@/lib/db/schema";
import type { Ctx, Deps } from "../context";
import { conflict, invalidRequest } from "../errors";
import { openText, sealText } from "../sealed-text";
import { signInSecret } from "./sealing-key";
import { hashToken } from "../domain/tokens";

// TOTP (RFC 6238) through otpauth: SHA-1, 6 digits, 30-second steps, one step of drift either way.
export const TOTP_SEAL_PURPOSE = "gauge-totp";
const PURPOSE = TOTP_SEAL_PURPOSE;
const RECOVERY_CODES = 10;

const totpOf = (secret: string, email: string) =>
  new TOTP({ issuer: "Gauge", label: email, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
const sealTotp = (deps: Deps, secret: string) => sealText(signInSecret(deps), PURPOSE, secret);
const openTotp = (deps: Deps, sealed: string) => openText(signInSecret(deps), PURPOSE, sealed);
const normalizeRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** The 30-second step a 6-digit code is for, or null when it matches none within a step of now. */
function matchingStep(deps: Deps, secret: string, email: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = deps.now().getTime();
  const delta = totpOf(secret, email).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : TOTP.counter({ period: 30, timestamp }) + delta;
}

type TwoFactorUser = Pick<typeof users.$inferSelect, "id" | "email" | "totpSecret">;

/**
 * Whether the code is good for this user: a TOTP code not used before (its step must be later
 * than the last accepted one, set in the same statement, so a code is never good twice) or an
 * unused recovery code, spent by the same statement that finds it.
 */
export async function acceptCode(deps: Deps, user: TwoFactorUser, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const secret = openTotp(deps, user.totpSecret);
  const step = secret ? matchingStep(deps, secret, user.email, code.trim()) : null;
  if (step !== null) {
    const taken = await deps.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return taken.length === 1;
  }
  const spent = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.now() })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, hashToken(normalizeRecovery(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

async function userOf({ deps, caller }: Ctx) {
  const [row] = await deps.db
    .select({ id: users.id, email: users.email, totpSecret: users.totpSecret, totpPending: users.totpPending, required: accounts.requireTwoFactor })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, caller.userId));
  return row!;
}

export async function twoFactorStatus(ctx: Ctx): Promise<TwoFactorStatus> {
  const user = await userOf(ctx);
  const [left] = await ctx.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  return { enabled: user.totpSecret !== null, recoveryCodesLeft: user.totpSecret ? (left?.n ?? 0) : 0, requiredByAccount: user.required };
}

export async function setUpTwoFactor(ctx: Ctx): Promise<TwoFactorSetup> {
  const user = await userOf(ctx);
  if (user.totpSecret) throw conflict("Two-factor codes are already on: turn them off first to set up another app");
  const secret = new Secret({ size: 20 }).base32;
  await ctx.deps.db
    .update(users)
    .set({ totpPending: sealTotp(ctx.deps, secret) })
    .where(eq(users.id, user.id));
  const otpauthUri = totpOf(secret, user.email).toString();
  const svg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

const newRecoveryCode = () => {
  const raw = randomBytes(10)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .padEnd(10, "0")
    .slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

export async function enableTwoFactor(ctx: Ctx, { code }: { code: string }): Promise<RecoveryCodes> {
  const user = await userOf(ctx);
  if (user.totpSecret) throw conflict("Two-factor codes are already on");
  const secret = user.totpPending ? openTotp(ctx.deps, user.totpPending) : null;
  if (!secret) throw conflict("Start with the setup: scan its QR code, then confirm with a code");
  const step = matchingStep(ctx.deps, secret, user.email, code.trim());
  if (step === null)
    throw invalidRequest("That code does not match: check the app's clock and enter the code it shows now", [{ path: "code", message: "Wrong code" }]);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.deps.db.transaction(async (tx) => {
    // The confirming code's step stays open for one login: a person enabling codes here and
    // logging in elsewhere at once types the code still on the app's screen.
    await tx
      .update(users)
      .set({ totpSecret: user.totpPending, totpPending: null, totpLastStep: step - 1 })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashToken(normalizeRecovery(c)) })));
  });
  return { recoveryCodes: codes };
}

export async function disableTwoFactor(ctx: Ctx, { code }: { code: string }): Promise<void> {
  const user = await userOf(ctx);
  if (!user.totpSecret) throw conflict("Two-factor codes are not on");
  if (user.required) throw conflict("The account requires two-factor codes: an admin must stop requiring them first");
  if (!(await acceptCode(ctx.deps, user, code))) throw invalidRequest("That code does not match", [{ path: "code", message: "Wrong or used code" }]);
  await ctx.deps.db.transaction(async (tx) => {
    await tx.update(users).set({ totpSecret: null, totpPending: null, totpLastStep: null }).where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

export async function securitySettings({ deps, caller }: Ctx): Promise<SecuritySettings> {
  const [row] = await deps.db.select({ requireTwoFactor: accounts.requireTwoFactor }).from(accounts).where(eq(accounts.id, caller.accountId));
  return { requireTwoFactor: row?.requireTwoFactor ?? false };
}

export async function updateSecuritySettings(ctx: Ctx, input: SecuritySettings): Promise<SecuritySettings> {
  if (input.requireTwoFactor && !(await userOf(ctx)).totpSecret)
    throw conflict("Set up your own two-factor codes (Account page) before requiring them of everyone");
  await ctx.deps.db.update(accounts).set({ requireTwoFactor: input.requireTwoFactor }).where(eq(accounts.id, ctx.caller.accountId));
  return input;
}
