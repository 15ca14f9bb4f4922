import { NextResponse, type NextRequest } from "next/server";
import { LoginRequest } from "@/lib/contract/auth";
import { errorJson, crossOriginRefusal } from "@/lib/bff/handler";
import { createKpiClient, logIn } from "@/lib/bff/kpi-client";
import { getSession, startSession } from "@/lib/session";

const CODES = { 400: "invalid_request", 401: "unauthorized", 403: "forbidden", 429: "rate_limited" } as const;
const refuse = (status: number, errorMessage: string, headers?: HeadersInit) =>
  errorJson(status, CODES[status as keyof typeof CODES] ?? "internal", errorMessage, [], headers);

/** Log in: the API's token goes into the encrypted session cookie, never to the browser. */
export async function POST(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  const form = LoginRequest.safeParse(await request.json().catch(() => null));
  if (!form.success) return refuse(400, "Enter your e-mail and password");
  const result = await logIn(form.data.email, form.data.contraseña, form.data.otp);
  if (!result.success || !result.token) {
    const code = CODES[result.status as keyof typeof CODES] ?? "internal";
    return errorJson(
      result.status,
      code,
      result.errorMessage,
      result.details ?? [],
      result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined,
    );
  }
  await startSession(result.token, form.data.email);
  return NextResponse.json({ success: true, email: form.data.email.trim().toLowerCase() });
}

/** Log out: revoke the token upstream and drop the cookie. */
export async function DELETE(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  const session = await getSession();
  if (session.token && session.email)
    await createKpiClient(session.token)
      .logout({})
      .catch(() => {});
  session.destroy();
  return new NextResponse(null, { status: 204 });
}
