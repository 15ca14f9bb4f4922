import "server-only";
import { docIdParam } from "@/lib/page-params";
import { ApiCallError } from "./http";
import { requireSessionClient } from "./session-client";

/**
 * What the session's user may do with a scorecard: from access/info (never counted) and the
 * owner in its KPI tree (which every scorecard page reads anyway, so no extra call).
 */
export async function scorecardAccess(docId: number): Promise<{ access: "read" | "write" | null; canShare: boolean; viewer: boolean }> {
  const { client } = await requireSessionClient();
  try {
    const [tree, me] = await Promise.all([client.tree({ docId }), client.budget({ docId })]);
    return {
      access: me.scorecardAccess ?? null,
      canShare: me.role === "admin" || (tree.ownerId === me.userId && me.role !== "viewer"),
      viewer: me.role === "viewer",
    };
  } catch (error) {
    // The page's own prefetch of the same tree meets the error too, and shows 404, 429 or the login.
    if (error instanceof ApiCallError) return { access: null, canShare: false, viewer: true };
    throw error;
  }
}

/** A scorecard page's scorecard, from its route, and what the session's user may do with it. */
export async function scorecardOfPage(params: Promise<{ docId: string }>) {
  const docId = await docIdParam(params);
  return { docId, ...(await scorecardAccess(docId)) };
}
