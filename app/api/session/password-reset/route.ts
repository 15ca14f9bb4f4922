import { NextResponse, type NextRequest } from "next/server";
import { PasswordResetRequest } from "@/lib/contract/password-reset";
import { errorJson, crossOriginRefusal } from "@/lib/bff/handler";
import { postUntokened } from "@/lib/bff/kpi-client";

/** Forgot password: the API answers the same whether or not the e-mail is a user's. */
export async function POST(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  const form = PasswordResetRequest.safeParse(await request.json().catch(() => null));
  if (!form.success) return errorJson(400, "invalid_request", "Enter your e-mail");
  const { status, body } = await postUntokened("/password-reset", form.data);
  if (status !== 202) return errorJson(status, "invalid_request", body.errorMessage ?? "Could not send the link");
  return NextResponse.json(body, { status: 202 });
}
