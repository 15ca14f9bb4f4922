import type { Db } from "@/lib/db/client";

export interface ServiceConfig {
  rateLimitPerHour: number;
  tokenTtlHours: number;
  /** log2 of scrypt's N for new password hashes; 17 is OWASP's minimum. */
  passwordCost: number;
  /** Lets webhooks target loopback and private addresses: local development and tests only. */
  webhookAllowPrivate: boolean;
}

export interface Deps {
  db: Db;
  config: ServiceConfig;
  now: () => Date;
}

/** Who is calling: the account and the token (session or API key) that authenticated the call. */
export interface Caller {
  accountId: number;
  email: string;
  tokenId: number;
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
