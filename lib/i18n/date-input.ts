import { isCalendarDate } from "@/lib/contract/constants";

type Part = "day" | "month" | "year";

/** The order of day, month and year in the locale's numeric dates, and the mark between them. */
export function dateOrder(locale: string): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" }).formatToParts(Date.UTC(2026, 0, 31));
  const order = parts
    .filter((p): p is Intl.DateTimeFormatPart & { type: Part } => p.type === "day" || p.type === "month" || p.type === "year")
    .map((p) => p.type);
  return { order, separator: parts.find((p) => p.type === "literal")?.value ?? "/" };
}

/** A YYYY-MM-DD date as the locale writes it in numbers ("31/01/2026" in Spanish, "01/31/2026" in English); "" for none. */
export function formatDateInput(iso: string, locale: string): string {
  if (!isCalendarDate(iso)) return "";
  const [year, month, day] = iso.split("-") as [string, string, string];
  const { order, separator } = dateOrder(locale);
  return order.map((part) => ({ day, month, year })[part]).join(separator);
}

/**
 * A date typed as the locale writes it (any of / . - or spaces between the numbers, day and month
 * of one or two digits, a four-digit year), or as YYYY-MM-DD; null when it is no calendar date.
 */
export function parseDateInput(text: string, locale: string): string | null {
  const numbers = text
    .trim()
    .split(/[^\d]+/)
    .filter(Boolean);
  if (numbers.length !== 3) return null;
  const named: Partial<Record<Part, string>> = {};
  if (numbers[0]!.length === 4) [named.year, named.month, named.day] = numbers;
  else dateOrder(locale).order.forEach((part, i) => (named[part] = numbers[i]));
  const { year, month, day } = named;
  if (year?.length !== 4 || !month || month.length > 2 || !day || day.length > 2) return null;
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isCalendarDate(iso) ? iso : null;
}
