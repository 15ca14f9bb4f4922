import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { errorJson, isSameOrigin } from "@/lib/bff/handler";
import { scorecardFromXlsx } from "@/lib/bff/xlsx-scorecard";
import { getSession } from "@/lib/session";

export const dynamic = "force-dynamic";

/**
 * Reads an uploaded workbook into a scorecard file for the import preview. Nothing is stored and
 * no API call is made: the import itself is the API's, once the person has seen the preview.
 */
export async function POST(request: NextRequest) {
  if (!isSameOrigin(request)) return errorJson(403, "forbidden", "Cross-origin request refused");
  const session = await getSession();
  if (!session.token) return errorJson(401, "unauthorized", "Your session has ended; please log in again");
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > 1024 * 1024) return errorJson(413, "payload_too_large", "The workbook is over 1 MiB");
  const name = (request.nextUrl.searchParams.get("name") ?? "Imported scorecard").replace(/\.xlsx$/i, "").slice(0, 200) || "Imported scorecard";
  const result = await scorecardFromXlsx(bytes, name);
  if ("problems" in result) return errorJson(400, "invalid_request", `The workbook cannot be read as a scorecard: ${result.problems[0]!.message}`, result.problems);
  return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
}
