import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./.data"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  KPI_API_URL: z.string().url().optional(),
  /** The address users reach the dashboard at, when a proxy in front of it changes it (https, another host). */
  PUBLIC_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(100),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  /**
   * Whether a first start loads the demo account. Unset: yes on the embedded database, no on
   * PostgreSQL (a production database never gets a known admin login by accident).
   */
  DEMO_DATA: z.enum(["true", "false"]).optional().or(z.literal("").transform(() => undefined)),
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
  /** The mail server alerts, reminders and digests are sent through; without it, e-mail is off. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be smtp://host:port or smtps://host:port" }).optional().or(z.literal("").transform(() => undefined)),
  /** The sender of Gauge's e-mails, e.g. "Gauge <gauge@example.com>"; needed with SMTP_URL. */
  MAIL_FROM: z.string().min(3).optional().or(z.literal("").transform(() => undefined)),
  /** Seals connectors' credentials; without it one is generated and kept in DATA_DIR. */
  CONNECTOR_SECRET: z.string().min(32, "CONNECTOR_SECRET must be at least 32 characters").optional().or(z.literal("").transform(() => undefined)),
  /** Seals SSO client secrets and two-factor keys; without it one is generated and kept in DATA_DIR. */
  SIGN_IN_SECRET: z.string().min(32, "SIGN_IN_SECRET must be at least 32 characters").optional().or(z.literal("").transform(() => undefined)),
  /** Private hosts, addresses and CIDRs connectors may reach, comma-separated (e.g. erp.lan,10.0.0.0/8). */
  CONNECTOR_ALLOWED_HOSTS: z.string().default("").transform((list) => list.split(",").map((h) => h.trim()).filter(Boolean)),
}).refine((env) => !env.SMTP_URL || env.MAIL_FROM, { path: ["MAIL_FROM"], message: "MAIL_FROM (the sender address) is needed when SMTP_URL is set" });

export type Config = z.infer<typeof envSchema>;

/** Where links in notifications point: PUBLIC_URL, or this machine's port. */
export const dashboardUrl = (config: Config) => (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");

/** Whether a first start loads the demo: DEMO_DATA when set, else only on the embedded database. */
export const demoDataWanted = (config: Config) => (config.DEMO_DATA ?? (config.DATABASE_URL ? "false" : "true")) === "true";

/** The mail settings, or null when the server sends no e-mail. */
export const mailConfig = (config: Config) => (config.SMTP_URL && config.MAIL_FROM ? { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM } : null);

/** Reads and validates the environment; throws one readable error naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
