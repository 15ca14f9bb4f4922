/** Headers for every response, pages, the dashboard's routes, the API and static files alike. */
export const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

// A browser reads these two only on a document (its features, its browsing context group), so a
// script or a style sheet, fetched many times per page, goes without them.
const DOCUMENT_ONLY = new Set(["Permissions-Policy", "Cross-Origin-Opener-Policy"]);

/** The security headers that apply to a static file: a script, a style sheet, an image. */
export const assetSecurityHeaders = securityHeaders.filter((h) => !DOCUMENT_ONLY.has(h.key));
