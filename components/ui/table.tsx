import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

interface TableProps {
  caption: string;
  children: ReactNode;
  /** Inside a card: no frame of its own, no side padding, shorter rows. */
  dense?: boolean;
  /** Scrolls sideways when too wide (off when a parent scrolls it). */
  scroll?: boolean;
}

/** A data table with its caption for screen readers. */
export function Table({ caption, children, dense = false, scroll = true }: TableProps) {
  const table = (
    <table data-dense={dense} className="group/table w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      {children}
    </table>
  );
  if (!scroll) return table;
  const frame = dense ? "" : "rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";
  // relative: screen-reader-only text inside (absolutely placed) stays in the scroller, not past the page edge.
  return <div className={`relative overflow-x-auto ${frame}`}>{table}</div>;
}

/** The header row: small capitals in a muted tone. */
export function TableHead({ children, sticky = false }: { children: ReactNode; sticky?: boolean }) {
  return (
    <thead
      className={`text-left text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400 ${sticky ? "sticky top-0 bg-white dark:bg-slate-900" : ""}`}
    >
      <tr>{children}</tr>
    </thead>
  );
}

type Align = { align?: "left" | "right" };
// A dense table (inside a card) has no side padding and shorter rows.
const CELL =
  "px-3 py-2 group-data-[dense=true]/table:py-1.5 group-data-[dense=true]/table:pl-0 group-data-[dense=true]/table:pr-2 group-data-[dense=true]/table:last:pr-0";
const alignClass = (align: Align["align"]) => (align === "right" ? "text-right" : "text-left");

export function Th({ align, className = "", children, ...props }: ThHTMLAttributes<HTMLTableCellElement> & Align) {
  return (
    <th scope="col" className={`${CELL} font-medium ${alignClass(align)} ${className}`} {...props}>
      {children}
    </th>
  );
}

/** A row whose first cell names it (a row header). */
export function RowHeader({ className = "", children, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="row" className={`${CELL} text-left font-medium ${className}`} {...props}>
      {children}
    </th>
  );
}

/** A cell; `tight` halves its height (for a cell holding a small chart). */
export function Td({ align, tight, className = "", children, ...props }: TdHTMLAttributes<HTMLTableCellElement> & Align & { tight?: boolean }) {
  return (
    <td className={`${tight ? "px-3 py-1" : CELL} ${align === "right" ? "text-right tabular-nums" : ""} ${className}`} {...props}>
      {children}
    </td>
  );
}

/** A body row with a hairline above it. */
export function Tr({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <tr className={`border-t border-slate-100 dark:border-slate-800 ${className}`}>{children}</tr>;
}

/** A row of one cell across the table: a page of rows that is loading, unreadable or empty. */
export function StatusRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <Tr>
      <Td colSpan={columns}>{children}</Td>
    </Tr>
  );
}
