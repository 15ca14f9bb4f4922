"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { SsoDomain } from "@/lib/contract/sso";
import { useWrite } from "@/lib/bff/queries";
import { useErrorText } from "@/lib/i18n/use-error-text";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/notice";

/** Each single sign-on domain, proven or with the DNS record that proves it and a button to check it. */
export function SsoDomains({ domains }: { domains: SsoDomain[] }) {
  const t = useTranslations("security.sso.proof");
  const errorText = useErrorText();
  const [error, setError] = useState<{ domain: string; text: string } | null>(null);
  const prove = useWrite("proveSsoDomain", { onSuccess: () => setError(null) });
  return (
    <section aria-label={t("title")} className="mb-4 flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("lead")}</p>
      <ul className="flex flex-col gap-2">
        {domains.map((d) => (
          <li key={d.domain} aria-label={d.domain} className="rounded border border-slate-200 p-2 text-sm dark:border-slate-700">
            <p className="font-medium">
              {d.domain}: {d.proven ? t(d.provenBy === "dns" ? "provenByDns" : "provenBySignIn") : t("notProven")}
            </p>
            {!d.proven && (
              <>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-1">
                  <dt className="text-slate-600 dark:text-slate-400">{t("name")}</dt>
                  <dd>
                    <code className="break-all">{d.dnsRecord.name}</code>
                  </dd>
                  <dt className="text-slate-600 dark:text-slate-400">{t("type")}</dt>
                  <dd>
                    <code>{d.dnsRecord.type}</code>
                  </dd>
                  <dt className="text-slate-600 dark:text-slate-400">{t("value")}</dt>
                  <dd>
                    <code className="break-all">{d.dnsRecord.value}</code>
                  </dd>
                </dl>
                <Button
                  type="button"
                  variant="secondary"
                  className="mt-2"
                  disabled={prove.isPending}
                  onClick={() => prove.mutate({ input: { domain: d.domain } }, { onError: (e) => setError({ domain: d.domain, text: errorText(e) }) })}
                >
                  {t("check")}
                </Button>
                {error?.domain === d.domain && <FieldError>{error.text}</FieldError>}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
