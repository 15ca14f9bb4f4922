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

export interface Caller {
  accountId: number;
  email: string;
  tokenId: number;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    caller: Caller;
    /** Set by the login route: its errors keep the login response's shape. */
    loginShape?: boolean;
  };
};
