import { NextResponse, type NextRequest } from "next/server";

/**
 * Pages' Content-Security-Policy: scripts only from this site with this response's nonce (Next
 * puts it on its own scripts; the layout on the theme script), no framing, no plugins. Styles
 * allow 'unsafe-inline' because React renders style attributes (charts, tree indents), which a
 * nonce cannot cover; with scripts locked down, inline styles cannot run code.
 */
function contentSecurityPolicy(nonce: string): string {
  const dev = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// Also passes the requested path to server components, so a page that finds no session can send
// the user to /login and back to where they were going.
export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-pathname", request.nextUrl.pathname + request.nextUrl.search);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

// Skips only the API's and the BFF's own paths (whole segments: /api-keys and /restore are
// pages), Next's static files and the favicon.
export const config = {
  matcher: [
    {
      source: "/((?!(?:api|rest)(?:/|$)|_next/static/|_next/image|favicon\\.ico$).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
