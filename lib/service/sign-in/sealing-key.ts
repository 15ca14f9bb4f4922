import "server-only";
import type { Deps } from "../context";

/** The key SSO client secrets and TOTP keys are sealed with. */
export function signInSecret(deps: Deps): string {
  const secret = deps.config.signInSecret;
  if (!secret) throw new Error("This server has no sign-in secret (SIGN_IN_SECRET)");
  return secret;
}
