import { getMcp } from "@/lib/service/instance";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** RFC 9728's protected-resource metadata of /mcp, served by the MCP app. */
export async function GET(request: Request): Promise<Response> {
  return (await getMcp()).fetch(request);
}
