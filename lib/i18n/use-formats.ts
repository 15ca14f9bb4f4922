import { useLocale, useMessages, useTimeZone } from "next-intl";
import { makeFormats, type Formats } from "@/lib/format";

/** The reader's formats (their language, their time zone), in a client or a server component. */
export function useFormats(): Formats {
  const locale = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  const { format } = useMessages();
  return makeFormats(locale, timeZone, format);
}
