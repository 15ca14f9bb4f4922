import { NextResponse, type NextRequest } from "next/server";
import { SetupRequest } from "@/lib/contract/people";
import { errorJson, crossOriginRefusal } from "@/lib/bff/handler";
import { createFirstAdmin } from "@/lib/bff/kpi-client";
import { startSession } from "@/lib/session";

/** First start without demo data: create the first admin and sign them in. */
export async function POST(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  const form = SetupRequest.safeParse(await request.json().catch(() => null));
  if (!form.success) return errorJson(400, "invalid_request", form.error.issues[0]?.message ?? "Enter an e-mail and a password");
  const result = await createFirstAdmin(form.data.email, form.data.password);
  if (!result.ok) return errorJson(result.status, result.status === 409 ? "conflict" : "invalid_request", result.errorMessage);
  await startSession(result.token, form.data.email);
  return NextResponse.json({ success: true, email: form.data.email });
}
