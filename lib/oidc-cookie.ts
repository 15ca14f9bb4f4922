import "server-only";

/** The cookie that ties a single sign-on's state to the browser that began it (10 minutes, never readable by scripts). */
export const OIDC_COOKIE = "gauge_oidc";

export const oidcCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: "lax" as const, secure, path: "/api/session/oidc", maxAge: 600 });
