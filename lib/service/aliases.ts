import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { accessTokens, scorecards } from "@/lib/db/schema";
import { ALIAS_PATTERN } from "@/lib/contract/common";
import type { Deps } from "./context";
import { hashToken } from "./domain/tokens";

/** Path segments that name a scorecard: /api/document/{docId}/..., /api/documents/list/{idOrAlias}, /api/report/{id}/excel. */
const SCORECARD_SEGMENT = /^(\/rest\/api\/(?:document|documents\/list|report))\/([^/]+)(\/.*)?$/;

/**
 * Scripts may name a scorecard by its alias wherever a path takes its number. The alias is
 * looked up in the caller's account and the path rewritten to the number before routing, so
 * every route, its access check and its OpenAPI entry stay as they are. An alias the account
 * does not have is left alone and answered 404 by the route (DocId reads it as no scorecard).
 */
export async function resolveAlias(request: Request, deps: Deps): Promise<Request> {
  const url = new URL(request.url);
  const match = SCORECARD_SEGMENT.exec(url.pathname);
  // Aliases are plain ASCII: a percent-encoded segment is never one (and may not even decode).
  const alias = match ? match[2]! : "";
  if (!match || !ALIAS_PATTERN.test(alias)) return request;
  const token = request.headers.get("Token");
  if (!token) return request;
  const rows = await deps.db
    .select({ id: scorecards.id })
    .from(scorecards)
    .innerJoin(accessTokens, eq(accessTokens.accountId, scorecards.accountId))
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), eq(scorecards.alias, alias), isNull(scorecards.deletedAt)))
    // A failing lookup leaves the path alone: the route then meets the same database and answers for it.
    .catch(() => []);
  const row = rows[0];
  if (!row) return request;
  url.pathname = `${match[1]}/${row.id}${match[3] ?? ""}`;
  const hasBody = request.body !== null && request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    signal: request.signal,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}
