import type { Db } from "@/lib/db/client";
import type { Role } from "@/lib/contract/people";
import type { MailConfig } from "./notifications/mail";
import type { Limits } from "./connectors/sources/limits";
import type { Resolve } from "./outbound/reach";
import type { ResolveTxt } from "./sign-in/domain-claims";

export interface ServiceConfig {
  /** Pooled calls per hour each active admin or expert adds to the account: for programs (tokens, API keys, links, pushes). */
  rateLimitPerHour: number;
  /** A person's dashboard requests per ten-minute window (default PERSON_RATE_DEFAULT); the dashboard never spends the pool. */
  personRatePerWindow?: number;
  /** The key that proves a call came from this installation's dashboard server; without it every call spends the pool. */
  dashboardKey?: Buffer;
  tokenTtlHours: number;
  /** log2 of scrypt's N for new password hashes; 17 is OWASP's minimum. */
  passwordCost: number;
  /** Lets webhooks target loopback and private addresses: local development and tests only. */
  webhookAllowPrivate: boolean;
  /** The dashboard's address, for links in notifications (default http://localhost:3000). */
  dashboardUrl?: string;
  /** Set when the server can send e-mail (SMTP_URL and MAIL_FROM). */
  mail?: MailConfig | null;
  /** Connectors: the key their credentials are sealed with, and the private hosts they may reach. */
  connectors?: ConnectorSettings;
  /** SIGN_IN_SECRET, or one generated and kept in the data folder: seals SSO client secrets and TOTP keys. */
  signInSecret?: string;
  /** SSO_ALLOWED_HOSTS: private host names, addresses and CIDRs an SSO provider may be at. */
  ssoAllowedHosts?: string[];
  /** How a domain's proof (its TXT record) is looked up: DNS_SERVERS', else the system's resolvers. */
  resolveTxt?: ResolveTxt;
  /** How outbound connections resolve host names (default the system's DNS); tests answer their own. */
  resolveHost?: Resolve;
}

export interface ConnectorSettings {
  /** CONNECTOR_SECRET, or the one generated and kept in the data folder. */
  secret: string;
  /** CONNECTOR_ALLOWED_HOSTS: host names, addresses and CIDRs allowed although private. */
  allowedHosts: string[];
  /** Overrides of a run's bounds (time, rows, bytes). */
  limits?: Partial<Limits>;
  /** Set on a web process: runs and backfills asked for are handed to a worker, which must take one within `pickupSeconds`. */
  handOff?: { pickupSeconds: number };
}

export interface Deps {
  db: Db;
  config: ServiceConfig;
  now: () => Date;
}

/** Who is calling: the user, its account, and the token (session or API key) that authenticated the call. */
export interface Caller {
  accountId: number;
  userId: number;
  email: string;
  /** The user's role, or the API key's when that is lower. */
  role: Role;
  tokenId: number;
  tokenKind: "session" | "api_key";
  /** The API key's scope, when an API key authenticated the call: `read` calls only operations that write nothing. */
  scope?: "read" | "write";
  /** The API key's name, when an API key authenticated the call. */
  keyName?: string | null;
  /** Through what the call came, for the history of what it changes (the client's own label, X-Gauge-Client). */
  via?: "api" | "dashboard" | "import" | "connector" | "mcp";
  /** Active admins and experts of the account: each adds the per-user limit to its pool. */
  countedUsers: number;
  /** A password session of a user without two-factor codes in an account that requires them: it may only set them up. */
  twoFactorMissing?: boolean;
  /** Set only for a public link's anonymous reader: the one scorecard it may read. */
  publicScorecardId?: number;
}

/** What every domain operation runs with. */
export interface Ctx {
  deps: Deps;
  caller: Caller;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    caller: Caller;
  };
};

/** The dashboard's address without a trailing slash, for links the service hands out. */
export const dashboardBase = (deps: Deps) => (deps.config.dashboardUrl ?? "http://localhost:3000").replace(/\/$/, "");
