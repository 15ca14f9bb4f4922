import { NextResponse, type NextRequest } from "next/server";
import { PasswordResetConfirm } from "@/lib/contract/password-reset";
import { errorJson, crossOriginRefusal } from "@/lib/bff/handler";
import { postUntokened } from "@/lib/bff/kpi-client";

/** A new password from a reset link; the person then logs in with it. */
export async function POST(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  const form = PasswordResetConfirm.safeParse(await request.json().catch(() => null));
  if (!form.success) return errorJson(400, "invalid_request", form.error.issues[0]?.message ?? "Choose a password");
  const { status, body } = await postUntokened("/password-reset/confirm", form.data);
  if (status !== 204)
    return errorJson(
      status,
      status === 404 ? "not_found" : "invalid_request",
      body.details?.[0]?.message ?? body.errorMessage ?? "Could not reset the password",
    );
  return new NextResponse(null, { status: 204 });
}
