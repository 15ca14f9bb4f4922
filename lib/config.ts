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
  /** "false": a first start leaves the database empty, and the first visit creates the first admin. */
  DEMO_DATA: z.enum(["true", "false"]).default("true"),
  WEBHOOK_RETRY_SCALE: z.coerce.number().positive().default(1),
});

export type Config = z.infer<typeof envSchema>;

/** Reads and validates the environment; throws one readable error naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
