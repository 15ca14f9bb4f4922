import "server-only";
import { createTranslator } from "use-intl/core";
import { makeFormats, type Formats } from "@/lib/format";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";
import { MESSAGES } from "./messages";

/** A recipient's language: theirs when they chose one, else English. */
export const localeOf = (language: string | null | undefined): Locale => (isLocale(language) ? language : DEFAULT_LOCALE);

/** Formats for text the server writes for someone (an e-mail, a PDF): their language, times in `timeZone`. */
export const formatsFor = (locale: Locale, timeZone = "UTC"): Formats => makeFormats(locale, timeZone, MESSAGES[locale].format);

/** A translator of one namespace of a language's messages, outside React (e-mails, PDFs, chat messages). */
export function translatorFor<N extends keyof (typeof MESSAGES)["en"]>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace });
}
