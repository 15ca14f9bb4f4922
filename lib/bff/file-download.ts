import "server-only";
import type { NextRequest } from "next/server";
import { DocId } from "@/lib/contract/common";
import { dashboardCallHeaders, forwardedRequestHeaders } from "@/lib/dashboard-proof";
import { currentSource } from "@/lib/request-origin";
import { getSession } from "@/lib/session";
import { errorJson } from "./handler";
import { apiBaseUrl } from "./kpi-client";

/**
 * A file the API makes (a scorecard's JSON file, its Excel report) handed to the browser as it
 * comes, with the session's token added on the way: plain links download it, no script needed.
 * Each download is one of the person's requests, as any read.
 */
export async function downloadFromApi(request: NextRequest, docIdText: string, path: (docId: number) => string): Promise<Response> {
  const docId = DocId.safeParse(docIdText);
  if (!docId.success || docId.data === 0) return errorJson(404, "not_found", "Scorecard not found");
  return fileFromApi(request, path(docId.data));
}

/** The API's answer at `path` (with the request's query) as a download, with the session's token added. */
export async function fileFromApi(request: NextRequest, path: string): Promise<Response> {
  const session = await getSession();
  if (!session.token || (session.expiresAt ?? 0) <= Date.now()) return errorJson(401, "unauthorized", "Your session has ended; please log in again");
  const response = await fetch(`${apiBaseUrl()}${path}${request.nextUrl.search}`, {
    headers: { ...dashboardCallHeaders(session.token), ...forwardedRequestHeaders(await currentSource()) },
    cache: "no-store",
  });
  if (response.status === 401) session.destroy();
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const name of ["Content-Type", "Content-Disposition", "Retry-After"]) if (response.headers.has(name)) headers.set(name, response.headers.get(name)!);
  return new Response(response.body, { status: response.status, headers });
}
