import type { NextRequest } from "next/server";
import { fileFromApi } from "@/lib/bff/file-download";

export const dynamic = "force-dynamic";

/** The account's activity log as CSV, with the page's filters, for its Download link. */
export async function GET(request: NextRequest) {
  return fileFromApi(request, "/api/activity/export");
}
