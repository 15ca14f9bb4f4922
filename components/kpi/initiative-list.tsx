import { useTranslations } from "next-intl";
import type { Initiative } from "@/lib/contract/initiatives";
import { useFormats } from "@/lib/i18n/use-formats";

const STATUS_STYLE: Record<Initiative["status"], string> = {
  NOT_STARTED: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  IN_PROGRESS: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  ON_HOLD: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  COMPLETED: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  CANCELLED: "bg-slate-200 text-slate-700 line-through dark:bg-slate-700 dark:text-slate-300",
};

/** One line about an initiative, in the reader's words: when, how much, who. */
export function useInitiativeFacts(): (i: Initiative) => string {
  const t = useTranslations("initiatives");
  const fmt = useFormats();
  return (i) => {
    const when =
      i.intervalStart || i.intervalEnd ? `${i.intervalStart ? fmt.month(i.intervalStart) : "…"} – ${i.intervalEnd ? fmt.month(i.intervalEnd) : "…"}` : "";
    const budget =
      i.budget !== null
        ? `${t("budget", { budget: fmt.money(i.budget, i.currency) })}${i.actualBudget !== null ? t("spent", { spent: fmt.money(i.actualBudget, i.currency) }) : ""}`
        : "";
    return [when, budget, i.responsible.join(", ")].filter(Boolean).join(" · ");
  };
}

export function InitiativeStatusPill({ status }: { status: Initiative["status"] }) {
  const t = useTranslations("initiatives.status");
  return <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>{t(status)}</span>;
}

/** A KPI's initiatives with their status, read-only. */
export function InitiativeList({ items }: { items: Initiative[] }) {
  const initiativeFacts = useInitiativeFacts();
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {items.map((i) => (
        <li key={i.guid} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="font-medium">{i.name}</span>
          <InitiativeStatusPill status={i.status} />
          <span className="text-slate-600 dark:text-slate-400">{initiativeFacts(i)}</span>
        </li>
      ))}
    </ul>
  );
}
