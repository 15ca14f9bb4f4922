import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { idempotencyKeys } from "@/lib/db/schema";
import type { AppEnv } from "./context";
import { conflict, invalidRequest } from "./errors";
import { requireAccess } from "./domain/access";

const KEEP_HOURS = 24;

/** Thrown to roll the request's transaction back when the handler answered with an error. */
class Refused extends Error {}

/**
 * Idempotency-Key on writes. The key is claimed and the request handled in one transaction, and
 * the 2xx answer stored in it: if the process dies mid-request, the claim rolls back with the
 * write, so a retry runs afresh; a concurrent repeat waits on the key's row, then replays the
 * stored answer. The same key with another body is a 409. Keys belong to the caller (a user's
 * sessions, or one API key) and are kept for 24 hours; a refused request keeps nothing, so it can
 * be fixed and sent again. A replay runs after authentication, and on a scorecard's route after
 * the caller's write access is checked again, so it never hands an answer to someone who could
 * not make the request now.
 */
export const idempotent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return next();
  if (key.length === 0 || key.length > 255) {
    throw invalidRequest("Idempotency-Key must have 1 to 255 characters", [{ path: "Idempotency-Key", message: "1 to 255 characters" }]);
  }
  const { deps, caller } = c.var;
  const hash = createHash("sha256")
    .update(`${c.req.method} ${c.req.path}\n${await c.req.text()}`)
    .digest("hex");
  const now = deps.now();
  const owner = caller.tokenKind === "api_key" ? `api_key:${caller.tokenId}` : `user:${caller.userId}`;
  const mine = and(eq(idempotencyKeys.accountId, caller.accountId), eq(idempotencyKeys.caller, owner), eq(idempotencyKeys.key, key));

  let replay: Response | undefined;
  try {
    await deps.db.transaction(async (tx) => {
      await tx.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_HOURS * 3_600_000))));
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ accountId: caller.accountId, caller: owner, key, requestHash: hash, status: 0, body: "", createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [stored] = await tx.select().from(idempotencyKeys).where(mine);
        if (!stored || stored.requestHash !== hash) throw conflict("This Idempotency-Key was already used with another request");
        const docId = c.req.param("docId");
        if (docId !== undefined) await requireAccess({ deps: { ...deps, db: tx }, caller }, Number(docId), "write");
        const headers: Record<string, string> = { "Idempotent-Replayed": "true" };
        if (stored.status !== 204) headers["Content-Type"] = "application/json";
        replay = new Response(stored.status === 204 ? null : stored.body, { status: stored.status, headers });
        return;
      }
      c.set("deps", { ...deps, db: tx });
      await next();
      if (c.res.status < 200 || c.res.status >= 300) throw new Refused();
      await tx
        .update(idempotencyKeys)
        .set({ status: c.res.status, body: await c.res.clone().text() })
        .where(mine);
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  } finally {
    c.set("deps", deps);
  }
  if (replay) return replay;
};
