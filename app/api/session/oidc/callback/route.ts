import { NextResponse, type NextRequest } from "next/server";
import { postUntokened } from "@/lib/bff/sign-in-client";
import { OIDC_COOKIE } from "@/lib/oidc-cookie";
import { safeNext } from "@/lib/safe-next";
import { startSession } from "@/lib/session";

/** Where the provider sends the browser back: the state must be the one this browser began with. */
export async function GET(request: NextRequest) {
  const kept = request.cookies.get(OIDC_COOKIE)?.value;
  const begun = (() => {
    try {
      return JSON.parse(kept ?? "") as { state?: string; next?: string };
    } catch {
      return {};
    }
  })();
  const query = request.nextUrl.searchParams;
  const back = (path: string) => {
    const response = NextResponse.redirect(new URL(path, request.nextUrl.origin), 303);
    response.cookies.delete(OIDC_COOKIE);
    return response;
  };
  const failed = (message: string) => back(`/login?sso_error=${encodeURIComponent(message)}`);
  if (!begun.state || query.get("state") !== begun.state) return failed("This sign-in was not started in this browser, or it took too long: start again.");
  const { status, body } = await postUntokened("/sso/callback", { query: query.toString() });
  if (status !== 200 || typeof body.token !== "string") return failed(body.errorMessage ?? "The sign-in was refused.");
  await startSession(body.token, String(body.email));
  return back(safeNext(begun.next));
}
