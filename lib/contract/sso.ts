import { z } from "zod";
import { Role } from "./people";

export const Domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "Each domain is a host name such as example.com");

const ssoExample = {
  issuer: "https://login.microsoftonline.com/0b5c.../v2.0",
  clientId: "6731de76-14a6-49ae-97bc-6eba6914391e",
  domains: ["example.com"],
  defaultRole: "viewer" as const,
  groupsClaim: "groups",
  roleByGroup: { "kpi-editors": "expert" as const, "it-admins": "admin" as const },
  enforce: true,
  breakGlassEmail: "demo@example.com",
};

export const SsoDomain = z
  .object({
    domain: z.string(),
    proven: z.boolean().meta({ description: "Proven to be this account's: only then does single sign-on create people of this domain" }),
    provenBy: z.enum(["dns", "sign-in"]).nullable().meta({ description: "A DNS TXT record, or a person of the account signing in through the provider" }),
    provenAt: z.string().nullable(),
    dnsRecord: z
      .object({ name: z.string(), type: z.literal("TXT"), value: z.string() })
      .meta({ description: "The TXT record that proves the domain: add it at the domain's DNS host, then ask for the proof" }),
  })
  .meta({
    id: "SsoDomain",
    example: {
      domain: "example.com",
      proven: false,
      provenBy: null,
      provenAt: null,
      dnsRecord: { name: "_gauge-challenge.example.com", type: "TXT", value: "gauge-domain-verification=3kQ0..." },
    },
  });
export type SsoDomain = z.infer<typeof SsoDomain>;

export const EmailVerifiedClaim = z.enum(["required", "notSent"]).meta({
  description:
    "required: a sign-in needs email_verified=true. notSent: the provider sends no email_verified (Entra ID's default); an e-mail without it is trusted in this account's proven domains only (false is still refused)",
});

export const SsoConfig = z
  .object({
    issuer: z.string().meta({ description: "The provider's issuer URL; its discovery document is at {issuer}/.well-known/openid-configuration" }),
    clientId: z.string(),
    domains: z.array(z.string()).meta({ description: "The e-mail domains that sign in through this provider" }),
    defaultRole: Role.meta({ description: "The role of a person signing in for the first time whose groups map to none" }),
    groupsClaim: z.string().nullable().meta({ description: "The ID token or userinfo claim that lists the person's groups" }),
    roleByGroup: z.record(z.string(), Role).meta({ description: "Group → role; the highest role of a person's groups wins, at every sign-in" }),
    enforce: z.boolean().meta({ description: "Password logins of covered e-mails are refused (API keys keep working), except the break-glass admin's" }),
    breakGlassEmail: z.string().nullable().meta({ description: "The admin who may still log in with a password when enforce is on" }),
    emailVerifiedClaim: EmailVerifiedClaim,
    domainProofs: z.array(SsoDomain).meta({ description: "Each domain, proven or not, with the DNS record that proves it" }),
  })
  .meta({ id: "SsoConfig", example: { ...ssoExample, emailVerifiedClaim: "required", domainProofs: [] } });
export type SsoConfig = z.infer<typeof SsoConfig>;

export const SsoSettings = z
  .object({
    redirectUri: z.string().meta({ description: "Register this redirect URI with the provider" }),
    sso: SsoConfig.nullable().meta({ description: "null until single sign-on is set up" }),
  })
  .meta({
    id: "SsoSettings",
    example: { redirectUri: "https://gauge.example.com/api/session/oidc/callback", sso: { ...ssoExample, emailVerifiedClaim: "required", domainProofs: [] } },
  });
export type SsoSettings = z.infer<typeof SsoSettings>;

export const SsoConfigRequest = z
  .object({
    issuer: z.url({ protocol: /^https?$/, error: "issuer must be an http(s) URL" }).max(2000),
    clientId: z.string().trim().min(1, "clientId is required").max(500),
    clientSecret: z.string().min(1).max(2000).optional().meta({ description: "Write-only; kept encrypted. Omit it (or send ***) to keep the stored one" }),
    domains: z.array(Domain).min(1, "Give at least one e-mail domain").max(50),
    defaultRole: Role.default("viewer"),
    groupsClaim: z.string().trim().min(1).max(200).nullable().optional(),
    roleByGroup: z.record(z.string().min(1).max(500), Role).optional(),
    enforce: z.boolean().default(false),
    breakGlassEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(320)
      .nullable()
      .optional()
      .meta({ description: "An admin of the account; the default is the admin saving it" }),
    emailVerifiedClaim: EmailVerifiedClaim.default("required"),
  })
  .strict()
  .meta({ id: "SsoConfigRequest", example: { ...ssoExample, clientSecret: "Qx8Q~..." } });
export type SsoConfigRequest = z.infer<typeof SsoConfigRequest>;

export const SsoStartRequest = z
  .object({ email: z.string().trim().toLowerCase().min(3, "Enter your e-mail").max(320) })
  .meta({ id: "SsoStartRequest", example: { email: "ana@example.com" } });

export const SsoStart = z
  .object({
    authorizationUrl: z.string().meta({ description: "Send the browser here" }),
    state: z.string().meta({ description: "Keep it with the browser (a cookie) and check that the callback brings the same one back" }),
  })
  .meta({ id: "SsoStart", example: { authorizationUrl: "https://login.example.com/authorize?client_id=...&state=...", state: "W7oX..." } });

export const SsoCallbackRequest = z
  .object({ query: z.string().max(8000).meta({ description: "The query string the provider sent to the redirect URI (code, state, iss)" }) })
  .meta({ id: "SsoCallbackRequest", example: { query: "code=Kq2...&state=W7oX...&iss=https%3A%2F%2Flogin.example.com" } });
