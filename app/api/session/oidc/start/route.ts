import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { errorJson, crossOriginRefusal } from "@/lib/bff/handler";
import { postUntokened } from "@/lib/bff/kpi-client";
import { safeNext } from "@/lib/safe-next";
import { OIDC_COOKIE, oidcCookieOptions } from "@/lib/oidc-cookie";
import { requestConnection } from "@/lib/session";

const StartForm = z.object({ email: z.string().trim().min(3).max(320), next: z.string().max(2000).optional() });

/**
 * Begins a single sign-on: the API gives the provider's address and a state, which this browser
 * keeps in a short-lived cookie so that the callback is honoured only in the browser that began it.
 */
export async function POST(request: NextRequest) {
  const refused = crossOriginRefusal(request);
  if (refused) return refused;
  const form = StartForm.safeParse(await request.json().catch(() => null));
  if (!form.success) return errorJson(400, "invalid_request", "Enter your work e-mail");
  const { status, body } = await postUntokened("/sso/start", { email: form.data.email });
  if (status !== 200) return errorJson(status, status === 404 ? "not_found" : "internal", body.errorMessage ?? "Single sign-on could not start");
  const response = NextResponse.json({ authorizationUrl: body.authorizationUrl });
  const value = JSON.stringify({ state: body.state, next: safeNext(form.data.next) });
  response.cookies.set(OIDC_COOKIE, value, oidcCookieOptions((await requestConnection()).https));
  return response;
}
