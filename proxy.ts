import { NextResponse, type NextRequest } from "next/server";

// Passes the requested path to server components, so a page that finds no session can send
// the user to /login and back to where they were going.
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-pathname", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/((?!api|rest|_next|favicon.ico).*)"] };
