import type { ReactNode } from "react";

/** A page's title and the sentence under it that says what the page is for. */
export function PageHeading({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">{children}</p>
    </div>
  );
}
