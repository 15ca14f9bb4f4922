import { createTranslator } from "use-intl/core";
import { SCORING_DEFAULTS } from "@/lib/contract/constants";
import type { Period, Status } from "@/lib/contract/kpis";
import type { Locale } from "@/lib/i18n/locales";
import type en from "@/messages/en.json";

/** The `format` messages of one language: status names, period names and the words of conditions. */
type FormatMessages = (typeof en)["format"];

/** Short scales of big numbers by language: "1.15M" in English, "1,15 M" in Spanish (where a billón is 10^12). */
const SCALES: Record<Locale, [number, string][]> = {
  en: [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ],
  es: [
    [1e12, " B"],
    [1e9, " mil M"],
    [1e6, " M"],
    [1e3, " mil"],
  ],
};

type Thresholds = { onTrack: number; atRisk: number };

/**
 * `x` to `digits` decimals, half away from zero, as its shortest decimal form reads (2.55 → 2.6,
 * as Intl rounds it), not as its binary value does (2.5499999… → 2.5 with toFixed). For x of at
 * least 1, the short format's numbers on their scale.
 */
const roundedTo = (x: number, digits: number) => Math.sign(x) * Number(`${Math.round(Number(`${Math.abs(x)}e${digits}`))}e-${digits}`);

/**
 * Numbers, dates and periods as one reader reads them: in their language's marks and words, and
 * times in their time zone. Dates of values (YYYY-MM-DD) are days, never shifted by a time zone.
 */
export function makeFormats(locale: Locale, timeZone: string, messages: FormatMessages): Formats {
  const key = `${locale}\n${timeZone}`;
  const seen = madeFor.get(messages) ?? new Map<string, Formats>();
  madeFor.set(messages, seen);
  let formats = seen.get(key);
  if (!formats) {
    // Each server request has its own copy of the same messages: the same words share formats.
    const same = `${key}\n${JSON.stringify(messages)}`;
    formats = made.get(same) ?? formatsOf(locale, timeZone, messages);
    made.set(same, formats);
    seen.set(key, formats);
  }
  return formats;
}

/**
 * Formats already made, by their language, time zone and messages (by the messages object, then
 * by their words): making the Intl formatters costs far more than using them, and every
 * component of every page asks for the same formats.
 */
const madeFor = new WeakMap<FormatMessages, Map<string, Formats>>();
const made = new Map<string, Formats>();

/** One Intl.NumberFormat per option, made when first asked for. */
function numberFormats<K>(make: (option: K) => Intl.NumberFormat): (option: K) => Intl.NumberFormat {
  const byOption = new Map<K, Intl.NumberFormat>();
  return (option) => {
    if (!byOption.has(option)) byOption.set(option, make(option));
    return byOption.get(option)!;
  };
}

function formatsOf(locale: Locale, timeZone: string, messages: FormatMessages) {
  const t = createTranslator({ locale, messages: { format: messages }, namespace: "format" });
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const months = messages.months.split(",");
  const dayDate = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const instantDate = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone });
  const none = "–";
  const withDigits = numberFormats((digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }));
  const fixedPercent = numberFormats(
    (digits: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }),
  );
  const currencies = numberFormats((currency: string) => new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }));

  function withMeasure(text: string, measure: string): string {
    if (measure === "%") return `${text} %`;
    if (measure === "USD") return locale === "en" ? `$${text}` : `${text} US$`;
    return measure && measure !== "yes/no" ? `${text} ${measure}` : text;
  }

  /**
   * A number in the short format with `digits` decimals on its scale, and the number it shows: the
   * one rounding of big numbers, alone (`value`) or beside a target (`pair`).
   */
  function shortNumber(n: number, digits: number): { text: string; shown: number } {
    if (Math.abs(n) < 100_000) return { text: plain.format(n), shown: Number(n.toFixed(2)) };
    const scales = SCALES[locale];
    let at = scales.findIndex(([s]) => Math.abs(n) >= s);
    let rounded = roundedTo(n / scales[at]![0], digits);
    // 999,999 rounds to 1000K: it reads 1M, on the next scale up.
    if (at > 0 && Math.abs(rounded) >= 1000) rounded = roundedTo(n / scales[--at]![0], digits);
    const [scale, suffix] = scales[at]!;
    return { text: `${withDigits(digits).format(rounded)}${suffix}`, shown: rounded * scale };
  }

  const value = (v: number | null | undefined, measure = ""): string => (v === null || v === undefined ? none : withMeasure(shortNumber(v, 1).text, measure));

  /** The same format in full (no "3M"): for tables of history, where every digit may matter. */
  const full = (v: number | null | undefined, measure = ""): string => (v === null || v === undefined ? none : withMeasure(plain.format(v), measure));

  /**
   * A score as a percentage rounded as values are (87.92 % reads 88 %), with a decimal or two more
   * where rounding would carry it across a status threshold: a target missed by a hair reads
   * 99.6 %, never 100 %, beside its "At risk".
   */
  function score(s: number | null | undefined, thresholds: Thresholds = SCORING_DEFAULTS): string {
    if (s === null || s === undefined) return none;
    const pct = s * 100;
    const lines = [thresholds.onTrack * 100, thresholds.atRisk * 100];
    const percent = (digits: number, n: number) => `${fixedPercent(digits).format(n)} %`;
    for (let digits = 0; digits <= 6; digits++) {
      const shown = Number(pct.toFixed(digits));
      if (lines.every((line) => pct < line === shown < line)) return percent(digits, shown);
    }
    return `${pct} %`;
  }

  const pct = (f: number) => `${Math.round(f * 100)} %`;

  return {
    locale,
    value,
    full,
    score,
    /** An estimate (a forecast) to three significant figures: 778.77 leads reads "779 leads", 40,191.95 "40,200". */
    estimate: (v: number | null | undefined, measure = "") =>
      v === null || v === undefined || v === 0 ? value(v, measure) : value(Number(v.toPrecision(3)), measure),

    /**
     * A value and its target in the short format, with as many digits as it takes to tell them apart
     * and to show the gap between them truly: $1,150,000 against $1,100,000 reads "$1.15M" and
     * "$1.1M", never "$1.2M" and "$1.1M", and a miss never reads as equal.
     */
    pair(v: number | null | undefined, target: number | null | undefined, measure = ""): [string, string] {
      if (v === null || v === undefined || target === null || target === undefined || v === target) return [value(v, measure), value(target, measure)];
      for (const digits of [1, 2, 3]) {
        const [a, b] = [shortNumber(v, digits), shortNumber(target, digits)];
        // The gap shown is the real gap to within half of it: same sign, and never twice as wide.
        const gap = v - target;
        if (Math.abs(a.shown - b.shown - gap) <= Math.abs(gap) / 2) return [withMeasure(a.text, measure), withMeasure(b.text, measure)];
      }
      return [full(v, measure), full(target, measure)];
    },

    /** A day ("2026-11-26") or an instant, in one style: "Nov 26, 2026" / "26 nov 2026". */
    date: (iso: string) => (iso.length === 10 ? dayDate.format(new Date(`${iso}T00:00:00Z`)) : instantDate.format(new Date(iso))),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
    /** A number as typed figures are shown back (up to 10 decimals, no grouping lost). */
    number: (n: number, maximumFractionDigits = 10) => withDigits(maximumFractionDigits).format(n),
    /** An amount of money in a currency (ISO 4217), without cents. */
    money: (n: number, currency: string) => (currency ? currencies(currency).format(n) : plain.format(n)),
    /** A month and year: "Mar 2024" / "mar 2024". */
    month: (iso: string) => {
      const [y, m] = iso.split("-").map(Number) as [number, number];
      return `${months[m - 1]} ${y}`;
    },

    /** A period's short name: "Mar 2024", "Q1 2024", "H2 2024", "2024", "Wk 4 Mar 2024", "4 Mar 2024". */
    period(start: string, period: Period): string {
      const [y, m, d] = start.split("-").map(Number) as [number, number, number];
      const month = months[m - 1]!;
      switch (period) {
        case "YEAR":
          return `${y}`;
        case "HALF_YEAR":
          return t("half", { half: m <= 6 ? 1 : 2, year: y });
        case "QUARTER":
          return t("quarter", { quarter: Math.ceil(m / 3), year: y });
        case "MONTH":
          return `${month} ${y}`;
        case "WEEK":
          return t("week", { day: d, month, year: y });
        default:
          return t("day", { day: d, month, year: y });
      }
    },

    status: (status: Status) => t(`status.${status}`),
    /** A period as a noun in a sentence: "month", "half-year". */
    periodName: (period: Period) => t(`periodName.${period}`),

    /** What a status means, for a KPI's thresholds (fractions of the way from baseline to target). */
    statusMeaning(status: Status, thresholds: Thresholds): string {
      switch (status) {
        case "ON_TRACK":
          return thresholds.onTrack >= 1 ? t("meaning.met") : t("meaning.onTrack", { onTrack: pct(thresholds.onTrack) });
        case "AT_RISK":
          return t("meaning.atRisk", { atRisk: pct(thresholds.atRisk), onTrack: pct(thresholds.onTrack) });
        case "OFF_TRACK":
          return t("meaning.offTrack", { atRisk: pct(thresholds.atRisk) });
        default:
          return t("meaning.none");
      }
    },

    /** An alert's condition in words, its threshold in the KPI's unit or in percent: "Value above $4M". */
    condition(condition: string, threshold: number | null, measure: string): string {
      switch (condition) {
        case "VALUE_ABOVE":
          return t("condition.VALUE_ABOVE", { threshold: full(threshold, measure) });
        case "VALUE_BELOW":
          return t("condition.VALUE_BELOW", { threshold: full(threshold, measure) });
        case "PERFORMANCE_BELOW":
          return t("condition.PERFORMANCE_BELOW", { threshold: score(threshold) });
        case "FORECAST_BELOW_TARGET":
          return t("condition.FORECAST_BELOW_TARGET", { threshold: score(threshold) });
        default:
          return t("condition.CHANGED");
      }
    },
  };
}

export type Formats = ReturnType<typeof formatsOf>;
