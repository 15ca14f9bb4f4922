import { readFileSync } from "node:fs";
import { z } from "zod";
import { parseTrustProxy } from "@/lib/cli/public-origin.mjs";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** A comma-separated list of host names, addresses and CIDRs. */
const hostList = z
  .string()
  .default("")
  .transform((list) =>
    list
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean),
  );

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "DATABASE_URL must be a PostgreSQL address: postgres://user:password@host:5432/database" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().min(1).default("./.data"),
    SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
    KPI_API_URL: z.string().url().optional(),
    /** The address people reach Gauge at; unset, each request's own (see TRUST_PROXY). */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: "PUBLIC_URL must be the address people use, such as https://gauge.example.com" })
      .refine((url) => !/[?#]/.test(url), "PUBLIC_URL must be the address people use, without a query or fragment")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Which proxies' X-Forwarded-Host, -Proto and -For to believe: loopback, addresses, CIDRs, true (as Express names them). */
    TRUST_PROXY: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        try {
          parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `TRUST_PROXY must be true, false, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDRs (${(error as Error).message})`,
          });
        }
      }),
    RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(100),
    /** What this process does: web (serves only), worker (connectors, alerts, deliveries, pruning), or all. */
    GAUGE_ROLE: z.enum(["all", "web", "worker"], { error: "GAUGE_ROLE must be web, worker or all" }).default("all"),
    /** On a web process: how long a connector run asked for waits for a worker to take it before it is refused. */
    CONNECTOR_RUN_PICKUP_SECONDS: z.coerce.number().int().positive().default(30),
    /** A person's dashboard requests per ten minutes (unset: the service's default, 3000). */
    PERSON_RATE_LIMIT: z.coerce.number().int().positive().optional(),
    TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
    WEBHOOK_ALLOW_PRIVATE: booleanFlag,
    /**
     * Whether a first start loads the demo account. Unset: yes on the embedded database, no on
     * PostgreSQL (a production database never gets a known admin login by accident).
     */
    DEMO_DATA: z
      .enum(["true", "false"])
      .optional()
      .or(z.literal("").transform(() => undefined)),
    WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
    /** The mail server alerts, reminders and digests are sent through; without it, e-mail is off. */
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: "SMTP_URL must be smtp://host:port or smtps://host:port" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The sender of Gauge's e-mails, e.g. "Gauge <gauge@example.com>"; needed with SMTP_URL. */
    MAIL_FROM: z
      .string()
      .min(3)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Seals connectors' credentials; without it one is generated and kept in DATA_DIR. */
    CONNECTOR_SECRET: z
      .string()
      .min(32, "CONNECTOR_SECRET must be at least 32 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Seals SSO client secrets and two-factor keys; without it one is generated and kept in DATA_DIR. */
    SIGN_IN_SECRET: z
      .string()
      .min(32, "SIGN_IN_SECRET must be at least 32 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Private hosts, addresses and CIDRs connectors may reach, comma-separated (e.g. erp.lan,10.0.0.0/8). */
    CONNECTOR_ALLOWED_HOSTS: hostList,
    /** Private hosts, addresses and CIDRs an SSO provider may be at, comma-separated (e.g. sso.corp.lan,10.1.2.3). */
    SSO_ALLOWED_HOSTS: hostList,
    /** The DNS servers a domain's proof is looked up at, comma-separated (e.g. 1.1.1.1,8.8.8.8); the system's when empty. */
    DNS_SERVERS: hostList,
  })
  .refine((env) => !env.SMTP_URL || env.MAIL_FROM, { path: ["MAIL_FROM"], message: "MAIL_FROM (the sender address) is needed when SMTP_URL is set" })
  // A worker serves no page, so no request tells it the address its e-mails and webhooks link to.
  .refine((env) => env.GAUGE_ROLE !== "worker" || env.PUBLIC_URL, {
    path: ["PUBLIC_URL"],
    message: "PUBLIC_URL is needed with GAUGE_ROLE=worker: its e-mails and webhooks link to the dashboard, and no request tells a worker its address",
  });

export type Config = z.infer<typeof envSchema>;

/** Where links in notifications point: PUBLIC_URL, or this machine's port. */
export const dashboardUrl = (config: Config) => (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");

/** Whether a first start loads the demo: DEMO_DATA when set, else only on the embedded database. */
export const demoDataWanted = (config: Config) => (config.DEMO_DATA ?? (config.DATABASE_URL ? "false" : "true")) === "true";

/** The mail settings, or null when the server sends no e-mail. */
export const mailConfig = (config: Config) => (config.SMTP_URL && config.MAIL_FROM ? { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM } : null);

/** The secrets sealed data and sessions depend on: the same on every process and every machine that restores a backup. */
const SEALING_SECRETS = ["SESSION_SECRET", "CONNECTOR_SECRET", "SIGN_IN_SECRET"] as const;

/** NAME_FILE (a file holding the secret, as container secrets are mounted) stands for NAME when NAME is unset. */
function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const read = { ...env };
  for (const name of SEALING_SECRETS) {
    const file = env[`${name}_FILE`];
    if (env[name] || !file) continue;
    try {
      read[name] = readFileSync(file, "utf8").trim();
    } catch (error) {
      throw new Error(`Invalid configuration: ${name}_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  return read;
}

/** Reads and validates the environment; throws one line naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(withSecretFiles(env));
  if (!result.success) {
    const problems = result.error.issues.map((i) => (i.message.startsWith(String(i.path[0])) ? i.message : `${i.path.join(".")}: ${i.message}`));
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  return result.data;
}

/**
 * What a server needs beyond valid variables: on PostgreSQL, where several processes and machines
 * share the data, each sealing secret set (not generated per machine, where one process could not
 * open what another sealed). Null when nothing is missing.
 */
export function serverConfigProblem(config: Config): string | null {
  if (!config.DATABASE_URL) return null;
  const missing = SEALING_SECRETS.filter((name) => !config[name]);
  if (missing.length === 0) return null;
  return `Invalid configuration: with DATABASE_URL, set ${missing.join(", ")} (or ${missing.map((n) => `${n}_FILE`).join(", ")}): every process must seal and open sessions, connector passwords and sign-in keys with the same secrets (openssl rand -base64 48 makes one)`;
}
