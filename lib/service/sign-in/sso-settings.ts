import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { SsoConfigRequest, SsoSettings } from "@/lib/contract/sso";
import { ssoConfigs, ssoDomainClaims, users } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";
import type { Ctx, Deps } from "../context";
import { dashboardBase } from "../context";
import { ApiError, conflict, invalidRequest, notFound } from "../errors";
import { discoverIssuer, providerProblem, sealClientSecret } from "./sso-provider";
import { anyProven, domainsOf, keepClaimsOf, provenElsewhere } from "./domain-claims";

export const redirectUri = (deps: Deps) => `${dashboardBase(deps)}/api/session/oidc/callback`;
export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

type SsoRow = typeof ssoConfigs.$inferSelect;

/**
 * The SSO configuration covering an e-mail's domain. An existing user signs in only through their
 * own account's, when it lists their domain; an e-mail no one has yet, only through the account
 * that proved the domain its own: another account listing a domain never receives its sign-ins.
 */
export async function ssoForEmail(deps: Deps, email: string): Promise<SsoRow | null> {
  const domain = domainOf(email);
  const owner = deps.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, email));
  const prover = deps.db.select({ accountId: ssoDomainClaims.accountId }).from(ssoDomainClaims).where(eq(ssoDomainClaims.domain, domain));
  const [row] = await deps.db
    .select()
    .from(ssoConfigs)
    .where(
      and(
        sql`${ssoConfigs.domains} @> ${JSON.stringify([domain])}::jsonb`,
        sql`${ssoConfigs.accountId} = (CASE WHEN EXISTS (${owner}) THEN (${owner}) ELSE (${prover}) END)`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether this user's password login is refused: its account enforces SSO for its domain, and it is not the break-glass admin. */
export async function ssoEnforcedFor(deps: Deps, user: { id: number; accountId: number; email: string }): Promise<boolean> {
  const sso = await ssoForEmail(deps, user.email);
  return sso !== null && sso.accountId === user.accountId && sso.enforce && sso.breakGlassUserId !== user.id;
}

export async function ssoSettings({ deps, caller }: Ctx): Promise<SsoSettings> {
  const [row] = await deps.db
    .select({ sso: ssoConfigs, breakGlassEmail: users.email })
    .from(ssoConfigs)
    .leftJoin(users, eq(users.id, ssoConfigs.breakGlassUserId))
    .where(eq(ssoConfigs.accountId, caller.accountId));
  if (!row) return { redirectUri: redirectUri(deps), sso: null };
  const { sso } = row;
  return {
    redirectUri: redirectUri(deps),
    sso: {
      issuer: sso.issuer,
      clientId: sso.clientId,
      domains: sso.domains,
      defaultRole: sso.defaultRole,
      groupsClaim: sso.groupsClaim,
      roleByGroup: sso.roleByGroup,
      enforce: sso.enforce,
      breakGlassEmail: row.breakGlassEmail,
      emailVerifiedClaim: sso.emailVerifiedClaim,
      domainProofs: await domainsOf(deps, caller.accountId, sso.domains),
    },
  };
}

async function breakGlassAdmin({ deps, caller }: Ctx, email: string | null | undefined): Promise<number> {
  if (!email) return caller.userId;
  const [admin] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.accountId, caller.accountId), eq(users.role, "admin"), sql`${users.deactivatedAt} IS NULL`));
  if (!admin)
    throw invalidRequest("breakGlassEmail must be an active admin of this account", [{ path: "breakGlassEmail", message: "Not an active admin here" }]);
  return admin.id;
}

export async function updateSsoSettings(ctx: Ctx, input: SsoConfigRequest): Promise<SsoSettings> {
  const { deps, caller } = ctx;
  const [stored] = await deps.db.select().from(ssoConfigs).where(eq(ssoConfigs.accountId, caller.accountId));
  const keepSecret = input.clientSecret === undefined || input.clientSecret === "***";
  if (keepSecret && !stored) throw invalidRequest("clientSecret is required", [{ path: "clientSecret", message: "Required" }]);
  const issuer = input.issuer.replace(/\/$/, "");
  try {
    await discoverIssuer(deps, issuer);
  } catch (error) {
    console.error("[sso] discovery of", issuer, "failed:", error);
    throw new ApiError(400, "invalid_request", `The issuer's discovery document could not be read: ${providerProblem(error)}`, [
      { path: "issuer", message: "No OpenID provider answers here" },
    ]);
  }
  const domains = [...new Set(input.domains)];
  const values = {
    accountId: caller.accountId,
    issuer,
    clientId: input.clientId,
    clientSecret: keepSecret ? stored!.clientSecret : sealClientSecret(deps, input.clientSecret!),
    domains,
    defaultRole: input.defaultRole,
    groupsClaim: input.groupsClaim ?? null,
    roleByGroup: input.roleByGroup ?? {},
    enforce: input.enforce,
    breakGlassUserId: await breakGlassAdmin(ctx, input.breakGlassEmail),
    emailVerifiedClaim: input.emailVerifiedClaim,
    updatedAt: deps.now(),
  };
  await deps.db.transaction(async (tx) => {
    const taken = await provenElsewhere(tx, caller.accountId, domains);
    if (taken.length > 0) throw conflict(`Another account has proven ${taken.join(", ")} is its own`);
    await keepClaimsOf(tx, caller.accountId, domains);
    if (input.emailVerifiedClaim === "notSent" && !(await anyProven(tx, caller.accountId)))
      throw invalidRequest("A provider that sends no email_verified is trusted only in a domain proven to be this account's: prove one first", [
        { path: "emailVerifiedClaim", message: "No domain is proven yet" },
      ]);
    await tx.insert(ssoConfigs).values(values).onConflictDoUpdate({ target: ssoConfigs.accountId, set: values });
  });
  return ssoSettings(ctx);
}

export async function deleteSsoSettings({ deps, caller }: Ctx): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    await keepClaimsOf(tx, caller.accountId, []);
    return tx.delete(ssoConfigs).where(eq(ssoConfigs.accountId, caller.accountId)).returning({ id: ssoConfigs.accountId });
  });
  if (removed.length === 0) throw notFound("Single sign-on");
}

/** Whether any account of the installation has single sign-on set up: the login page offers it only then. */
export async function singleSignOnOffered(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: ssoConfigs.accountId }).from(ssoConfigs).limit(1);
  return any !== undefined;
}
