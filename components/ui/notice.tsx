import type { ReactNode } from "react";

const TONES = {
  ok: "text-sm rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  error: "text-sm rounded-md bg-red-50 px-3 py-2 text-red-900 dark:bg-red-950 dark:text-red-100",
  warning: "text-sm rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  info: "text-sm rounded-md border border-blue-200 bg-blue-50 p-4 dark:border-blue-900 dark:bg-blue-950",
  empty: "rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400",
} as const;

const PANELS = {
  error: {
    box: "border-red-200 bg-red-50 dark:border-red-900 dark:bg-red-950",
    title: "text-red-900 dark:text-red-100",
    text: "text-red-800 dark:text-red-200",
  },
  warning: {
    box: "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950",
    title: "text-amber-950 dark:text-amber-100",
    text: "text-amber-900 dark:text-amber-200",
  },
  plain: { box: "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900", title: "", text: "text-slate-600 dark:text-slate-400" },
} as const;

/**
 * A message in one of the dashboard's tones. Errors are announced at once (role="alert"),
 * other news politely (role="status"); an empty state is plain text.
 */
export function Notice({ tone, children, className = "" }: { tone: keyof typeof TONES; children: ReactNode; className?: string }) {
  const role = tone === "error" ? "alert" : tone === "empty" ? undefined : "status";
  return (
    <div role={role} className={`${TONES[tone]} ${className}`}>
      {children}
    </div>
  );
}

/** A page-level message in place of the page: a title, a sentence or two, and what to do. */
export function NoticePanel({
  tone,
  title,
  children,
  action,
  heading = "h2",
}: {
  tone: keyof typeof PANELS;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  heading?: "h1" | "h2";
}) {
  const Heading = heading;
  const style = PANELS[tone];
  return (
    <div role={tone === "plain" ? undefined : "alert"} className={`mx-auto max-w-lg rounded-lg border p-6 ${style.box}`}>
      <Heading className={`text-lg font-semibold ${style.title}`}>{title}</Heading>
      <div className={`mt-2 text-sm ${style.text}`}>{children}</div>
      {action}
    </div>
  );
}

/** A field's or a form's problem, in red beneath it. */
export function FieldError({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
      {children}
    </p>
  );
}
