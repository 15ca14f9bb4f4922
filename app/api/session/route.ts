import { NextResponse, type NextRequest } from "next/server";
import { LoginRequest } from "@/lib/contract/auth";
import { errorJson, isSameOrigin } from "@/lib/bff/handler";
import { loadConfig } from "@/lib/config";
import { createKpiClient, logIn } from "@/lib/bff/kpi-client";
import { getSession } from "@/lib/session";

const CODES = { 400: "invalid_request", 401: "unauthorized", 403: "forbidden", 429: "rate_limited" } as const;
const refuse = (status: number, errorMessage: string, headers?: HeadersInit) =>
  errorJson(status, CODES[status as keyof typeof CODES] ?? "internal", errorMessage, [], headers);

/** Log in: the API's token goes into the encrypted session cookie, never to the browser. */
export async function POST(request: NextRequest) {
  if (!isSameOrigin(request)) return refuse(403, "Cross-origin request refused");
  const form = LoginRequest.safeParse(await request.json().catch(() => null));
  if (!form.success) return refuse(400, "Enter your e-mail and password");
  const result = await logIn(form.data.email, form.data.contraseña);
  if (!result.success || !result.token) {
    return refuse(result.status, result.errorMessage, result.retryAfter ? { "Retry-After": String(result.retryAfter) } : undefined);
  }
  const session = await getSession();
  session.token = result.token;
  session.email = form.data.email.trim().toLowerCase();
  session.expiresAt = Date.now() + loadConfig().TOKEN_TTL_HOURS * 3_600_000;
  await session.save();
  return NextResponse.json({ success: true, email: session.email });
}

/** Log out: revoke the token upstream and drop the cookie. */
export async function DELETE(request: NextRequest) {
  if (!isSameOrigin(request)) return refuse(403, "Cross-origin request refused");
  const session = await getSession();
  if (session.token && session.email) await createKpiClient(session.token, session.email).logout({}).catch(() => {});
  session.destroy();
  return new NextResponse(null, { status: 204 });
}
