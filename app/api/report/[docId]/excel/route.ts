import type { NextRequest } from "next/server";
import { downloadFromApi } from "@/lib/bff/file-download";

export const dynamic = "force-dynamic";

/** The scorecard's Excel report (?start=yyyy-MM-dd), for the editor's Export link. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ docId: string }> }) {
  return downloadFromApi(request, (await params).docId, (docId) => `/api/report/${docId}/excel`);
}
