import "server-only";
import { and, eq, isNull, lt, ne, sql } from "drizzle-orm";
import * as client from "openid-client";
import { ROLE_RANK, type Role } from "@/lib/contract/people";
import { ssoConfigs, ssoLogins, users } from "@/lib/db/schema";
import { logActivity, themselves } from "../activity";
import type { Deps } from "../context";
import { ApiError, unauthorized } from "../errors";
import { domainOf, redirectUri, ssoForEmail } from "./sso-settings";
import { providerClient, providerProblem } from "./sso-provider";
import { claimBySignIn, provenFor } from "./domain-claims";
import { hashToken, issueSessionToken } from "../domain/tokens";
import { openText, sealText } from "../sealed-text";
import { signInSecret } from "./sealing-key";

const PENDING_MS = 10 * 60_000;

/** A sign-in sent to the provider and not yet back: its account, PKCE verifier and nonce, and when it expires (ms). */
type Pending = { accountId: number; codeVerifier: string; nonce: string; expiresAt: number };
const STATE_PURPOSE = "gauge-sso-state";

/** The sealed bytes, in base64url: every other character changes them, and the seal then fails. */
const sealPending = (deps: Deps, pending: Pending) =>
  Buffer.from(sealText(signInSecret(deps), STATE_PURPOSE, JSON.stringify(pending)).replace(/^v1:/, ""), "base64").toString("base64url");

/** The pending sign-in a state holds, or null when it is not one this server sealed. */
function openPending(deps: Deps, state: string): Pending | null {
  const bytes = Buffer.from(state, "base64url");
  // Only the state as sealed: base64url that decodes the same with a character added is not it.
  if (state.length > 2000 || bytes.length <= 28 || bytes.toString("base64url") !== state) return null;
  const text = openText(signInSecret(deps), STATE_PURPOSE, `v1:${bytes.toString("base64")}`);
  if (text === null) return null;
  const pending = JSON.parse(text) as Pending;
  return Number.isSafeInteger(pending.accountId) && typeof pending.codeVerifier === "string" && typeof pending.nonce === "string" ? pending : null;
}

/** An SSO sign-in's session token is named so: two-factor codes are the provider's business then. */
const SSO_SESSION = "sso";

async function clientOr502(deps: Deps, sso: typeof ssoConfigs.$inferSelect) {
  try {
    return await providerClient(deps, sso);
  } catch (error) {
    console.error("[sso] the provider of account", sso.accountId, "cannot be used:", error);
    throw new ApiError(502, "internal", `The sign-in provider cannot be used (${providerProblem(error)}): an admin can check the single sign-on settings`);
  }
}

/** The provider's authorization address for this e-mail, with a fresh state, nonce and PKCE verifier kept under the state's hash. */
export async function startSso(deps: Deps, email: string): Promise<{ authorizationUrl: string; state: string }> {
  const sso = await ssoForEmail(deps, email);
  if (!sso) throw new ApiError(404, "not_found", "No single sign-on covers this e-mail's domain: log in with your password");
  const config = await clientOr502(deps, sso);
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  // The pending sign-in travels sealed in its own state: starting one writes nothing.
  const state = sealPending(deps, { accountId: sso.accountId, codeVerifier, nonce, expiresAt: deps.now().getTime() + PENDING_MS });
  const scopes = ["openid", "email", "profile"];
  if (sso.groupsClaim && config.serverMetadata().scopes_supported?.includes("groups")) scopes.push("groups");
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps),
    scope: scopes.join(" "),
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    login_hint: email,
  });
  return { authorizationUrl: url.href, state };
}

const groupsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" ? value.split(/[,\s]+/).filter(Boolean) : [];

/** The highest role the person's groups map to, or null when none maps. */
function mappedRole(sso: typeof ssoConfigs.$inferSelect, claims: Record<string, unknown>): Role | null {
  if (!sso.groupsClaim) return null;
  const roles = groupsOf(claims[sso.groupsClaim]).flatMap((g) => (sso.roleByGroup[g] ? [sso.roleByGroup[g]!] : []));
  return roles.length === 0 ? null : roles.reduce((a, b) => (ROLE_RANK[a] >= ROLE_RANK[b] ? a : b));
}

/**
 * Finishes a sign-in: the state is spent (good once), the code exchanged and the ID token checked
 * by openid-client; then the e-mail must be verified and covered. The user is created on its first
 * sign-in, and its role follows its groups when groups are mapped (never leaving the account without an admin).
 */
export async function finishSso(deps: Deps, query: string, address: string | null = null): Promise<{ email: string; token: string }> {
  const from = address ? { address } : {};
  const params = new URLSearchParams(query);
  const state = params.get("state");
  if (!state) throw unauthorized("The sign-in came back without its state: start again");
  const pending = openPending(deps, state);
  if (!pending || pending.expiresAt <= deps.now().getTime()) throw unauthorized("This sign-in is unknown, already used or expired: start again");
  // Good once: the first to come back with it records its hash (kept until it expires).
  await deps.db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, deps.now()));
  const [spent] = await deps.db
    .insert(ssoLogins)
    .values({ stateHash: hashToken(state), accountId: pending.accountId, expiresAt: new Date(pending.expiresAt) })
    .onConflictDoNothing()
    .returning();
  if (!spent) throw unauthorized("This sign-in is unknown, already used or expired: start again");
  const [sso] = await deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, pending.accountId));
  if (!sso) throw unauthorized("Single sign-on is no longer set up for this account");
  try {
    return await signIn(deps, sso, params, pending, from);
  } catch (error) {
    // A refused sign-in is the account's business: its log says why (and for whom, when the provider said).
    if (error instanceof ApiError && error.status === 401) {
      const actor = { accountId: sso.accountId, userId: null, email: (error as RefusedSignIn).email ?? null, tokenKind: "session" as const, via: "dashboard" };
      await logActivity(deps, actor, "sign-in", "ssoFailed", null, { reason: error.message, ...from });
    }
    throw error;
  }
}

/** A refused SSO sign-in, with the e-mail the provider gave when it gave one. */
class RefusedSignIn extends ApiError {
  constructor(
    message: string,
    readonly email: string | null,
  ) {
    super(401, "unauthorized", message);
  }
}

async function signIn(deps: Deps, sso: typeof ssoConfigs.$inferSelect, params: URLSearchParams, pending: Pending, from: { address?: string }) {
  const state = params.get("state")!;
  if (params.get("error")) throw unauthorized(`The provider refused the sign-in: ${params.get("error_description") ?? params.get("error")}`);
  const config = await clientOr502(deps, sso);

  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri(deps)}?${params}`), {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
    const needsUserinfo = !claims.email || (sso.groupsClaim !== null && claims[sso.groupsClaim] === undefined);
    if (needsUserinfo && config.serverMetadata().userinfo_endpoint)
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, String(claims.sub))), ...claims };
  } catch (error) {
    // openid-client wraps oauth4webapi's error, whose message names the claim that failed.
    const cause = (error as Error).cause;
    throw unauthorized(`The provider's answer did not pass its checks: ${(cause instanceof Error ? cause : (error as Error)).message}`);
  }

  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email) throw unauthorized("The provider did not give an e-mail address");
  const domain = domainOf(email);
  if (!sso.domains.includes(domain)) throw new RefusedSignIn("This e-mail's domain is not one this sign-on covers", email);
  const verified = claims.email_verified === true || claims.email_verified === "true";
  // A provider that sends no email_verified is trusted for the account's proven domains only.
  const trusted =
    verified || (claims.email_verified === undefined && sso.emailVerifiedClaim === "notSent" && (await provenFor(deps.db, sso.accountId, domain)));
  if (!trusted) throw new RefusedSignIn("The provider has not verified this e-mail address", email);

  const subject = String(claims.sub);
  const role = mappedRole(sso, claims);
  const user = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`account-admins:${sso.accountId}`}, 0))`);
    // A person is who the provider says by its subject once linked; the e-mail finds them only before that.
    const identity = { ssoIssuer: sso.issuer, ssoSubject: subject };
    const [linked] = await tx
      .select()
      .from(users)
      .where(and(eq(users.ssoIssuer, sso.issuer), eq(users.ssoSubject, subject)));
    const [byEmail] = linked ? [] : await tx.select().from(users).where(eq(users.email, email));
    const found = linked ?? byEmail;
    if (!found) {
      if (!(await provenFor(tx, sso.accountId, domain)))
        throw new RefusedSignIn(`New people of ${domain} sign in once an admin proves the domain is this account's (Security page)`, email);
      const [created] = await tx
        .insert(users)
        .values({ accountId: sso.accountId, email, passwordHash: "sso", role: role ?? sso.defaultRole, ...identity })
        .returning();
      return { ...created!, created: true };
    }
    if (found.accountId !== sso.accountId) throw new RefusedSignIn("This e-mail belongs to another account", email);
    if (!linked && found.ssoSubject !== null)
      throw new RefusedSignIn("This e-mail belongs to a person who signs in as someone else at the provider: ask an admin", email);
    if (found.deactivatedAt) throw new RefusedSignIn("This user is deactivated: ask an admin", email);
    if (!linked) await tx.update(users).set(identity).where(eq(users.id, found.id));
    // A person of the account whose provider verified an address of the domain proves it the account's.
    if (verified && domainOf(found.email) === domain) await claimBySignIn(tx, sso.accountId, domain, found.id, deps.now());
    if (role && role !== found.role) {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.accountId, sso.accountId), eq(users.role, "admin"), isNull(users.deactivatedAt), ne(users.id, found.id)));
      if (found.role !== "admin" || (others?.n ?? 0) > 0) await tx.update(users).set({ role }).where(eq(users.id, found.id));
    }
    return { ...found, created: false };
  });
  await logActivity(deps, themselves(user), "sign-in", user.created ? "ssoFirstLogin" : "ssoLoggedIn", null, { ...(role ? { role } : {}), ...from });
  return { email: user.email, token: await issueSessionToken(deps, user, SSO_SESSION) };
}
