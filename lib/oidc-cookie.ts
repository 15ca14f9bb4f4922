import "server-only";

/** The cookie that ties a single sign-on's state to the browser that began it (10 minutes, never readable by scripts). */
export const OIDC_COOKIE = "gauge_oidc";

export const oidcCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: "lax" as const, secure, path: "/api/session/oidc", maxAge: 600 });

/**
 * Why a single sign-on failed, for the login page to show: a cookie set by this server, so the
 * page shows only messages the server issued (a link's `?sso_error=` text could say anything).
 */
export const SSO_ERROR_COOKIE = "gauge_sso_error";

export const ssoErrorCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: "lax" as const, secure, path: "/login", maxAge: 120 });
