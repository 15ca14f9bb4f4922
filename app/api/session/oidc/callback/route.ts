import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { postUntokened } from "@/lib/bff/kpi-client";
import { OIDC_COOKIE, oidcCookieOptions, SSO_ERROR_COOKIE, ssoErrorCookieOptions } from "@/lib/oidc-cookie";
import { originOf } from "@/lib/request-origin";
import { safeNext } from "@/lib/safe-next";
import { requestConnection, startSession } from "@/lib/session";

const BegunSignIn = z.object({ state: z.string().optional(), next: z.string().optional() });

const parsedJson = (text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return null;
  }
};

/** Where the provider sends the browser back: the state must be the one this browser began with; it goes on at the address the person used. */
export async function GET(request: NextRequest) {
  const begun = BegunSignIn.safeParse(parsedJson(request.cookies.get(OIDC_COOKIE)?.value)).data ?? {};
  const query = request.nextUrl.searchParams;
  // Removed with the attributes it was set with (Secure as the browser's connection says, as at the start).
  const { https } = await requestConnection();
  const back = (path: string) => {
    const response = NextResponse.redirect(new URL(path, originOf(request)), 303);
    response.cookies.set(OIDC_COOKIE, "", { ...oidcCookieOptions(https), maxAge: 0 });
    return response;
  };
  const failed = (message: string) => {
    const response = back("/login?sso_error=1");
    response.cookies.set(SSO_ERROR_COOKIE, message.slice(0, 500), ssoErrorCookieOptions(https));
    return response;
  };
  if (!begun.state || query.get("state") !== begun.state) return failed("This sign-in was not started in this browser, or it took too long: start again.");
  const { status, body } = await postUntokened("/sso/callback", { query: query.toString() });
  if (status !== 200 || typeof body.token !== "string") return failed(body.errorMessage ?? "The sign-in was refused.");
  await startSession(body.token, String(body.email));
  return back(safeNext(begun.next));
}
