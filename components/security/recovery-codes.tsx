"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** The recovery codes shown once, with a way to copy them and to keep them as a text file. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useTranslations("security.twoFactor");
  const [copied, setCopied] = useState(false);
  const text = `${t("codesFile")}\n\n${codes.join("\n")}\n`;
  const download = () => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    link.download = "gauge-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p className="font-medium">{t("keep")}</p>
      <ul aria-label={t("recoveryCodes")} className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard.writeText(codes.join("\n")).catch(() => {});
            setCopied(true);
          }}
        >
          {copied ? t("copiedCodes") : t("copyCodes")}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t("downloadCodes")}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t("kept")}
        </Button>
      </div>
    </div>
  );
}
