import { LANGUAGES } from "@/lib/contract/preferences";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";

/** An organisation: its users share scorecards, webhooks and the hourly call budget. */
export const accounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().default(""),
  createdAt: createdAt(),
  /** Every user must sign in with a two-factor code; until they set one up, their sessions may only set it up. */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
});

/** The account a row belongs to: it goes when the account goes. */
export const accountIdColumn = () =>
  integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });

export const ROLES = ["admin", "expert", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** A person who logs in. A deactivated user's sessions and API keys stop working at once. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /** The TOTP secret (sealed) once two-factor codes are on; the one being set up, until confirmed. */
    totpSecret: text("totp_secret"),
    totpPending: text("totp_pending"),
    /** The last 30-second step a code was accepted for: a code is good once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SCIM: the identity provider's own id, and the person's names. */
    externalId: text("external_id"),
    givenName: text("given_name"),
    familyName: text("family_name"),
    /** Deleted through SCIM: deactivated and gone from provisioning, its history kept. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The interface language the user chose (null: their browser's; e-mails: English). */
    language: text("language", { enum: LANGUAGES }),
    /** The OpenID provider's issuer and subject this user first signed in as: later sign-ins find them by it, not by e-mail. */
    ssoIssuer: text("sso_issuer"),
    ssoSubject: text("sso_subject"),
  },
  (t) => [
    index("users_account_idx").on(t.accountId),
    uniqueIndex("users_sso_identity_idx").on(t.ssoIssuer, t.ssoSubject).where(sql`${t.ssoSubject} IS NOT NULL`),
  ],
);

/** A single-use link that lets a person join an account with a role and set their password. */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("invitations_account_idx").on(t.accountId)],
);

/** Login tokens (kind "session", expiring) and API keys (kind "api_key", named, long-lived). */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["session", "api_key"] }).notNull(),
    /** An API key's role, never above its user's; null for sessions (the user's role). */
    role: text("role", { enum: ROLES }),
    /** An API key's scope: `read` calls only operations that write nothing; null for sessions. */
    scope: text("scope", { enum: ["read", "write"] }),
    name: text("name"),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("access_tokens_account_idx").on(t.accountId, t.kind)],
);

export const loginFailures = pgTable(
  "login_failures",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_failures_email_idx").on(t.email, t.failedAt)],
);

/** One fixed hourly window per account, updated by a single atomic upsert. */
export const callCounters = pgTable("call_counters", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  used: integer("used").notNull(),
});

/**
 * What spent the account's pooled calls in its current hourly window: one row per spender (a
 * token or API key, a push URL, a spreadsheet link), counted by the same statement that counts the
 * call, so the rows of the account's window add up to its counter. A row from an older window is
 * restarted by its next call.
 */
export const callSpenders = pgTable(
  "call_spenders",
  {
    accountId: accountIdColumn(),
    /** "token:<id>" (a session or API key), "push:<connector id>", "feed:<link id>". */
    spender: text("spender").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.spender] })],
);

/** A person's requests through the dashboard in a fixed window: the rate that stops a runaway tab, never the account's pool. */
export const personCalls = pgTable("person_calls", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  used: integer("used").notNull(),
});

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: accountIdColumn(),
    /** Whose key it is: "user:<id>" for a login session, "api_key:<id>" for an API key. */
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.caller, t.key] })],
);
