import type { NextRequest } from "next/server";
import { downloadFromApi } from "@/lib/bff/file-download";

export const dynamic = "force-dynamic";

/** The scorecard's board pack as a PDF (?date=yyyy-MM-dd&period=MONTH), for the print view's download link. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ docId: string }> }) {
  return downloadFromApi(request, (await params).docId, (docId) => `/api/report/${docId}/board-pack`);
}
