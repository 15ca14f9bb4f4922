import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { accounts, ROLES, users, accountIdColumn } from "./people";

/** An account's OpenID Connect provider: the e-mail domains it covers sign in through it. */
export const ssoConfigs = pgTable("sso_configs", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  /** Sealed with the server's sign-in key; never answered. */
  clientSecret: text("client_secret").notNull(),
  domains: jsonb("domains").$type<string[]>().notNull(),
  defaultRole: text("default_role", { enum: ROLES }).notNull(),
  groupsClaim: text("groups_claim"),
  roleByGroup: jsonb("role_by_group").$type<Record<string, (typeof ROLES)[number]>>().notNull().default({}),
  enforce: boolean("enforce").notNull().default(false),
  /** The admin who may still log in with a password when `enforce` is on. */
  breakGlassUserId: integer("break_glass_user_id").references(() => users.id, { onDelete: "set null" }),
  /** `notSent`: the provider sends no email_verified (Entra ID); its e-mails are trusted in the account's proven domains only. */
  emailVerifiedClaim: text("email_verified_claim", { enum: ["required", "notSent"] })
    .notNull()
    .default("required"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * An e-mail domain proven to be an account's: by a DNS TXT record, or by a person of the account
 * signing in through its provider with a verified address of that domain. A domain is one
 * account's at most; only a proven domain lets single sign-on create people.
 */
export const ssoDomainClaims = pgTable("sso_domain_claims", {
  domain: text("domain").primaryKey(),
  accountId: accountIdColumn(),
  provenBy: text("proven_by", { enum: ["dns", "sign-in"] }).notNull(),
  provenByUserId: integer("proven_by_user_id").references(() => users.id, { onDelete: "set null" }),
  provenAt: timestamp("proven_at", { withTimezone: true }).notNull(),
});

/**
 * A sign-in that came back from the provider: the SHA-256 of its state, kept until the state
 * expires, so that a state signs in once. (The pending sign-in itself travels sealed in the state.)
 */
export const ssoLogins = pgTable("sso_logins", {
  stateHash: text("state_hash").primaryKey(),
  accountId: accountIdColumn(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** SCIM bearer tokens: only their SHA-256 is kept. */
export const scimTokens = pgTable(
  "scim_tokens",
  {
    id: serial("id").primaryKey(),
    accountId: accountIdColumn(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("scim_tokens_account_idx").on(t.accountId)],
);

/** Single-use recovery codes for two-factor sign-in (their SHA-256). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** A single-use password reset link (its SHA-256), valid one hour. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);
