import "server-only";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { makeFormats, type Formats } from "@/lib/format";

/** The reader's formats in an async server component. */
export async function getFormats(): Promise<Formats> {
  const [locale, timeZone, messages] = await Promise.all([getLocale(), getTimeZone(), getMessages()]);
  return makeFormats(locale, timeZone, messages.format);
}
