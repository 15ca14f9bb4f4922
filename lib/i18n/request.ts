import "server-only";
import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";
import { sessionBudget } from "@/lib/bff/session-client";
import { LOCALE_COOKIE, TIME_ZONE_COOKIE } from "./locales";
import { MESSAGES } from "./messages";
import { knownTimeZone, resolveLocale } from "./negotiate";

/**
 * The language a signed-in user chose (access/info says it, and the layout asks access/info
 * anyway: no extra call), else the one this browser last chose, else the browser's own.
 */
async function chosenLanguage(): Promise<string | null | undefined> {
  try {
    return (await sessionBudget()).language;
  } catch {
    return (await cookies()).get(LOCALE_COOKIE)?.value;
  }
}

/** Each request's language and the browser's time zone. */
export default getRequestConfig(async () => {
  const [jar, head, chosen] = await Promise.all([cookies(), headers(), chosenLanguage()]);
  const locale = resolveLocale(chosen, head.get("accept-language"));
  return { locale, timeZone: knownTimeZone(jar.get(TIME_ZONE_COOKIE)?.value) ?? "UTC", messages: MESSAGES[locale] };
});
