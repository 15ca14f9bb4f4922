import "server-only";
import { createHmac } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { SsoDomain } from "@/lib/contract/sso";
import type { Db, Tx } from "@/lib/db/client";
import { ssoConfigs, ssoDomainClaims } from "@/lib/db/schema";
import { logActivity } from "../activity";
import type { Ctx, Deps } from "../context";
import { conflict, invalidRequest, notFound } from "../errors";
import { signInSecret } from "./sealing-key";

/** A name's TXT records, each as the strings DNS splits it into. */
export type ResolveTxt = (name: string) => Promise<string[][]>;

/** TXT lookups through the system's resolvers, or through `servers` (DNS_SERVERS: "10.0.0.2", "127.0.0.1:5353"). */
export function dnsTxt(servers: string[]): ResolveTxt {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return (name) => resolver.resolveTxt(name);
}

const proofRecordName = (domain: string) => `_gauge-challenge.${domain}`;

/** The TXT value that proves a domain is this account's: derived from the server's sign-in key, so nothing is stored until proven. */
const proofValue = (deps: Deps, accountId: number, domain: string) =>
  `gauge-domain-verification=${createHmac("sha256", signInSecret(deps)).update(`sso-domain:${accountId}:${domain}`).digest("base64url").slice(0, 32)}`;

/** The account's domains as the settings show them: each proven or not, with the record that would prove it. */
export async function domainsOf(deps: Deps, accountId: number, domains: string[]): Promise<SsoDomain[]> {
  const proven = new Map((await deps.db.select().from(ssoDomainClaims).where(eq(ssoDomainClaims.accountId, accountId))).map((claim) => [claim.domain, claim]));
  return domains.map((domain) => {
    const claim = proven.get(domain);
    return {
      domain,
      proven: claim !== undefined,
      provenBy: claim?.provenBy ?? null,
      provenAt: claim?.provenAt.toISOString() ?? null,
      dnsRecord: { name: proofRecordName(domain), type: "TXT" as const, value: proofValue(deps, accountId, domain) },
    };
  });
}

/** Whether the domain is proven to be this account's. */
export async function provenFor(db: Db | Tx, accountId: number, domain: string): Promise<boolean> {
  const [claim] = await db.select({ accountId: ssoDomainClaims.accountId }).from(ssoDomainClaims).where(eq(ssoDomainClaims.domain, domain));
  return claim?.accountId === accountId;
}

/** Records the proof unless the domain is already someone's: whether it is now this account's. */
async function claim(db: Db | Tx, accountId: number, domain: string, by: { provenBy: "dns" | "sign-in"; userId: number; at: Date }): Promise<boolean> {
  await db.insert(ssoDomainClaims).values({ domain, accountId, provenBy: by.provenBy, provenByUserId: by.userId, provenAt: by.at }).onConflictDoNothing();
  return provenFor(db, accountId, domain);
}

/** A person of the account signed in through its provider with a verified address of the domain: it is proven, unless another account's. */
export const claimBySignIn = (tx: Tx, accountId: number, domain: string, userId: number, at: Date) =>
  claim(tx, accountId, domain, { provenBy: "sign-in", userId, at });

/** Checks the domain's TXT record and, when it holds the account's value, proves the domain. */
export async function proveByDns(ctx: Ctx, domain: string): Promise<SsoDomain> {
  const { deps, caller } = ctx;
  const [sso] = await deps.db.select({ domains: ssoConfigs.domains }).from(ssoConfigs).where(eq(ssoConfigs.accountId, caller.accountId));
  if (!sso?.domains.includes(domain)) throw notFound("Single sign-on domain");
  const name = proofRecordName(domain);
  const value = proofValue(deps, caller.accountId, domain);
  const records = await (deps.config.resolveTxt ?? dnsTxt([]))(name).catch(() => [] as string[][]);
  if (!records.some((parts) => parts.join("") === value))
    throw invalidRequest(
      `No TXT record ${name} holds ${value} yet (${records.length === 0 ? "none was found" : `${records.length} other${records.length === 1 ? " was" : "s were"} found`}): add it at the domain's DNS host; a new record can take a while to be seen`,
      [{ path: "domain", message: "The DNS record is not there yet: a new record can take a while to be seen" }],
    );
  if (!(await claim(deps.db, caller.accountId, domain, { provenBy: "dns", userId: caller.userId, at: deps.now() })))
    throw conflict(`Another account has proven ${domain} is its own`);
  await logActivity(deps, caller, "settings", "provedDomain", null, { domain, by: "dns" });
  return (await domainsOf(deps, caller.accountId, [domain]))[0]!;
}

/** Keeps the account's proofs of the domains it still lists (all of them gone when `domains` is empty). */
export async function keepClaimsOf(db: Db | Tx, accountId: number, domains: string[]) {
  const mine = eq(ssoDomainClaims.accountId, accountId);
  await db.delete(ssoDomainClaims).where(domains.length === 0 ? mine : and(mine, notInArray(ssoDomainClaims.domain, domains)));
}

/** Whether the account has proven any domain. */
export async function anyProven(db: Db | Tx, accountId: number): Promise<boolean> {
  const [one] = await db.select({ domain: ssoDomainClaims.domain }).from(ssoDomainClaims).where(eq(ssoDomainClaims.accountId, accountId)).limit(1);
  return one !== undefined;
}

/** The domains of the list another account has proven. */
export async function provenElsewhere(db: Db | Tx, accountId: number, domains: string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db.select().from(ssoDomainClaims).where(inArray(ssoDomainClaims.domain, domains));
  return rows.filter((r) => r.accountId !== accountId).map((r) => r.domain);
}
