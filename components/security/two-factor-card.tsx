"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { TwoFactorSetup } from "@/lib/contract/two-factor";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { RecoveryCodes } from "./recovery-codes";

const codeOf = (event: FormEvent<HTMLFormElement>) => String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");

/** Two-factor codes on the Account page: set up with a QR code, confirm, keep the recovery codes, or turn off. */
export function TwoFactorCard() {
  const t = useTranslations("security.twoFactor");
  const errorText = useErrorText();
  const { data: status } = useSuspenseQuery(readQuery("twoFactor", {}));
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fail = (e: Error) => setError(errorText(e));
  const begin = useWrite("setUpTwoFactor", { onSuccess: (answer) => (setSetup(answer), setError(null)), onError: fail });
  const enable = useWrite("enableTwoFactor", { onSuccess: (answer) => (setRecovery(answer.recoveryCodes), setSetup(null), setError(null)), onError: fail });
  const disable = useWrite("disableTwoFactor", { onSuccess: () => setError(null), onError: fail });

  return (
    <Card id="two-factor" title={t("title")}>
      {status.requiredByAccount && !status.enabled && (
        <Notice tone="warning" className="mb-3">
          {t("required")}
        </Notice>
      )}
      {recovery ? (
        <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />
      ) : status.enabled ? (
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate({ input: {}, body: { code: codeOf(event) } });
          }}
        >
          <p className="text-sm text-slate-700 sm:flex-1 dark:text-slate-300">{t("on", { count: status.recoveryCodesLeft })}</p>
          {!status.requiredByAccount && (
            <>
              <Field label={t("offCode")} id="off-code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
              <Button type="submit" variant="secondary" disabled={disable.isPending}>
                {t("turnOff")}
              </Button>
            </>
          )}
        </form>
      ) : setup ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            enable.mutate({ input: {}, body: { code: codeOf(event) } });
          }}
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("scan")}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            {/* A data: URL made by the API: next/image adds nothing here. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            {/* biome-ignore lint/performance/noImgElement: a data: URL made for this page, which next/image would not optimise */}
            <img src={setup.qrCode} alt={t("qr")} width={176} height={176} className="rounded bg-white p-1" />
            <div className="flex min-w-0 flex-col gap-3">
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t.rich("typeKey", { secret: setup.secret, code: (chunks) => <code className="break-all font-mono">{chunks}</code> })}
              </p>
              <Field label={t("appCode")} id="setup-code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
              <Button type="submit" disabled={enable.isPending}>
                {t("turnOn")}
              </Button>
            </div>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="text-sm text-slate-700 sm:flex-1 dark:text-slate-300">{t("off")}</p>
          <Button onClick={() => begin.mutate({ input: {} })} disabled={begin.isPending}>
            {t("setUp")}
          </Button>
        </div>
      )}
      {error && <FieldError>{error}</FieldError>}
    </Card>
  );
}
