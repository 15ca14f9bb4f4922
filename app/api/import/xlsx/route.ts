import type { NextRequest } from "next/server";
import { NextResponse } from "next/server";
import { bffError, errorJson, crossOriginRefusal, readLimitedBody } from "@/lib/bff/handler";
import { sessionClient } from "@/lib/bff/session-client";
import { scorecardFromXlsx } from "@/lib/bff/xlsx-scorecard";

export const dynamic = "force-dynamic";

const MAX_BYTES = 1024 * 1024;

/**
 * Reads an uploaded workbook into a scorecard file for the import preview. Nothing is stored: the
 * import itself is the API's, once the person has seen the preview. Like every dashboard route it
 * takes a live session only (access/info, never counted, confirms the token and the role: viewers
 * import nothing), and a body over MAX_BYTES is refused before it is read.
 */
export async function POST(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  try {
    const { client } = await sessionClient();
    const me = await client.budget({});
    if (me.role === "viewer") return errorJson(403, "forbidden", "Viewers cannot import scorecards: ask an admin for the expert role");
    const bytes = await readLimitedBody(request, MAX_BYTES);
    const name = (request.nextUrl.searchParams.get("name") ?? "Imported scorecard").replace(/\.xlsx$/i, "").slice(0, 200) || "Imported scorecard";
    const result = await scorecardFromXlsx(bytes, name);
    if ("problems" in result)
      return errorJson(400, "invalid_request", `The workbook cannot be read as a scorecard: ${result.problems[0]!.message}`, result.problems);
    return NextResponse.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return bffError(error);
  }
}
