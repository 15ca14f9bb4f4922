"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "./button";
import { LocalAddressNote } from "./local-address-note";

/** A secret (signing secret, API key, invitation link) shown once, with a copy button. */
export function ShownOnce({ title, label, value, onDone }: { title: string; label: string; value: string; onDone: () => void }) {
  const t = useTranslations("shownOnce");
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p className="font-medium">{title}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <figure aria-label={label}>
          <code className="break-all rounded bg-white px-2 py-1 dark:bg-slate-900">{value}</code>
        </figure>
        <Button
          variant="secondary"
          aria-label={copied ? t("copied") : t("copyLabel", { label })}
          onClick={async () => {
            await navigator.clipboard.writeText(value).catch(() => {});
            setCopied(true);
          }}
        >
          {copied ? t("copied") : t("copy")}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
      {/^https?:\/\//.test(value) && <LocalAddressNote url={value} />}
    </div>
  );
}
