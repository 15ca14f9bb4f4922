import { LANGUAGES } from "@/lib/contract/preferences";

// The interface languages: adding one is adding its messages file and its code to the contract's LANGUAGES.
export const LOCALES = LANGUAGES;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/** The language the user chose on the Account page (absent: the browser's). */
export const LOCALE_COOKIE = "gauge_lang";
/** The browser's time zone, which the root layout's script records so the server renders times as the browser would. */
export const TIME_ZONE_COOKIE = "gauge_tz";

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
