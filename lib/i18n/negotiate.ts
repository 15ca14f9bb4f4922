import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/** The first of our languages the Accept-Language header ranks highest ("es-MX,es;q=0.9" is Spanish). */
function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages();
  for (const tag of ranked) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** The user's choice when it is one of ours, else the browser's. */
export const resolveLocale = (chosen: string | null | undefined, acceptLanguage: string | null | undefined): Locale =>
  isLocale(chosen) ? chosen : negotiateLocale(acceptLanguage);

/** An IANA time zone this runtime knows, or undefined. */
export function knownTimeZone(zone: string | null | undefined): string | undefined {
  if (!zone || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
