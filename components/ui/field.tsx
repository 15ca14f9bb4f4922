import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/** A control under its label, in the fields' layout; `id` is the control's. */
export function Labelled({ id, label, className = "", children }: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
    </div>
  );
}

export function Field({ label, id, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; id: string }) {
  return (
    <Labelled id={id} label={label}>
      <input id={id} className={inputClass} {...props} />
    </Labelled>
  );
}

/** A select as wide as its options, in the inputs' style. */
export const selectClass = inputClass.replace("w-full ", "w-auto ");

/** A labelled select, in the fields' layout (as wide as its options unless `className` says otherwise). */
export function SelectField({ label, id, className = selectClass, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; id: string }) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} className={className} {...props} />
    </Labelled>
  );
}
