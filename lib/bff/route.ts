import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ZodError } from "zod";
import { zodDetails } from "@/lib/contract/common";
import { KpiApiError } from "@/lib/kpi-client/errors";
import { NoSessionError, sessionClient } from "@/lib/kpi-client/session-client";
import type { KpiClient } from "@/lib/kpi-client/client";
import { getSession } from "@/lib/session";

type Context<P> = { params: Promise<P> };
type Handler<P> = (args: { client: KpiClient; request: NextRequest; params: P }) => Promise<unknown>;

const errorJson = (status: number, code: string, errorMessage: string, headers?: HeadersInit) =>
  NextResponse.json({ success: false, errorMessage, code, details: [] }, { status, headers });

/** State-changing requests must come from this site's own pages. */
export function isSameOrigin(request: NextRequest): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * One wrapper for every BFF route: the session's token, the origin check on writes, and the
 * API's errors passed on in the contract's shape (a dead token also ends the session).
 */
export function bffRoute<P = Record<string, never>>(handler: Handler<P>) {
  return async (request: NextRequest, context: Context<P>) => {
    if (request.method !== "GET" && !isSameOrigin(request)) {
      return errorJson(403, "forbidden", "Cross-origin request refused");
    }
    try {
      const { client } = await sessionClient();
      const data = await handler({ client, request, params: await context.params });
      return NextResponse.json(data ?? { success: true }, { headers: { "Cache-Control": "no-store" } });
    } catch (error) {
      if (error instanceof ZodError) {
        const details = zodDetails(error);
        const summary = details.slice(0, 3).map((d) => `${d.path || "body"}: ${d.message}`).join("; ");
        return NextResponse.json({ success: false, errorMessage: `Invalid request: ${summary}`, code: "invalid_request", details }, { status: 400 });
      }
      if (error instanceof NoSessionError) return errorJson(401, "unauthorized", "Your session has ended; please log in again");
      if (error instanceof KpiApiError) {
        if (error.status === 401) (await getSession()).destroy();
        const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
        return NextResponse.json(error.body, { status: error.status, headers });
      }
      console.error("[bff] unexpected error:", error);
      return errorJson(500, "internal", "Something went wrong; please try again");
    }
  };
}
