import { NextResponse, type NextRequest } from "next/server";
import { AcceptInvitationRequest } from "@/lib/contract/people";
import { errorJson, crossOriginRefusal } from "@/lib/bff/handler";
import { acceptInvitation } from "@/lib/bff/kpi-client";
import { startSession } from "@/lib/session";

/** Join an account with an invitation: the new user's token goes into the session cookie. */
export async function POST(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  const form = AcceptInvitationRequest.safeParse(await request.json().catch(() => null));
  if (!form.success) return errorJson(400, "invalid_request", form.error.issues[0]?.message ?? "Choose a password");
  const result = await acceptInvitation(form.data.token, form.data.password);
  if (!result.ok)
    return errorJson(result.status, result.status === 404 ? "not_found" : result.status === 409 ? "conflict" : "invalid_request", result.errorMessage);
  await startSession(result.token, result.email);
  return NextResponse.json({ success: true, email: result.email });
}
