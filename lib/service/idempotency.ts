import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { idempotencyKeys } from "@/lib/db/schema";
import type { AppEnv } from "./context";
import { conflict, invalidRequest } from "./errors";
import { queryRows } from "@/lib/db/query";

const PENDING = 0;
const KEEP_HOURS = 24;
// A claim older than this whose request never finished (the process died) may be taken over.
const ABANDONED_MINUTES = 5;

/**
 * Idempotency-Key on writes: the first request claims the key, runs, and stores its 2xx
 * response; a repeat with the same body within 24 hours gets that response without writing;
 * the same key with another body is a 409. Keys are scoped to the account.
 */
export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return next();
  if (key.length === 0 || key.length > 255) {
    throw invalidRequest("Idempotency-Key must have 1 to 255 characters", [{ path: "Idempotency-Key", message: "1 to 255 characters" }]);
  }
  const { deps, caller } = c.var;
  const hash = createHash("sha256").update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`).digest("hex");
  const now = deps.now().toISOString();
  const mine = and(eq(idempotencyKeys.accountId, caller.accountId), eq(idempotencyKeys.key, key));

  const claimed = await queryRows(
    deps.db,
    sql`INSERT INTO idempotency_keys (account_id, key, request_hash, status, body, created_at)
        VALUES (${caller.accountId}, ${key}, ${hash}, ${PENDING}, '', ${now}::timestamptz)
        ON CONFLICT (account_id, key) DO UPDATE
          SET request_hash = excluded.request_hash, status = ${PENDING}, body = '', created_at = excluded.created_at
          WHERE idempotency_keys.created_at < ${now}::timestamptz - make_interval(hours => ${KEEP_HOURS})
             OR (idempotency_keys.status = ${PENDING} AND idempotency_keys.created_at < ${now}::timestamptz - make_interval(mins => ${ABANDONED_MINUTES}))
        RETURNING key`,
  );

  if (claimed.length === 0) {
    const [stored] = await deps.db.select().from(idempotencyKeys).where(mine);
    if (!stored || stored.requestHash !== hash) throw conflict("This Idempotency-Key was already used with another request");
    if (stored.status === PENDING) throw conflict("A request with this Idempotency-Key is still in progress");
    return new Response(stored.status === 204 ? null : stored.body, {
      status: stored.status,
      headers: stored.status === 204 ? { "Idempotent-Replayed": "true" } : { "Content-Type": "application/json", "Idempotent-Replayed": "true" },
    });
  }

  await next();
  if (c.res.status >= 200 && c.res.status < 300) {
    await deps.db.update(idempotencyKeys).set({ status: c.res.status, body: await c.res.clone().text() }).where(mine);
  } else {
    // A refused request leaves nothing behind: the caller may fix it and retry with the key.
    await deps.db.delete(idempotencyKeys).where(mine);
  }
};
