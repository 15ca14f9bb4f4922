"use client";

import { useSuspenseQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { SsoConfigRequest, type SsoConfig } from "@/lib/contract/sso";
import type { Role } from "@/lib/contract/people";
import { useErrorText, useFieldText } from "@/lib/i18n/use-error-text";
import { readQuery, useWrite } from "@/lib/bff/queries";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, inputClass, SelectField, Labelled } from "@/components/ui/field";
import { FieldError, Notice } from "@/components/ui/notice";
import { LocalAddressNote } from "@/components/ui/local-address-note";
import { SsoDomains } from "./sso-domains";

/** "kpi-editors = expert" lines, as the form shows a group → role map. */
const mapText = (map: Record<string, Role>) =>
  Object.entries(map)
    .map(([group, role]) => `${group} = ${role}`)
    .join("\n");
function mapOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .map((line) => line.split("="))
      .filter((parts) => parts.length === 2 && parts[0]!.trim())
      .map(([group, role]) => [group!.trim(), role!.trim().toLowerCase()]),
  );
}

/** Single sign-on settings: the provider, the domains it covers, roles by group, and enforcement. */
export function SsoForm() {
  const t = useTranslations("security.sso");
  const roles = useTranslations("roles.means");
  const errorText = useErrorText();
  const fieldText = useFieldText();
  const { data } = useSuspenseQuery(readQuery("sso", {}));
  const sso: SsoConfig | null = data.sso;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useWrite("updateSso", { onSuccess: () => (setSaved(true), setError(null)), onError: (e) => (setSaved(false), setError(errorText(e))) });
  const remove = useWrite("deleteSso", { onSuccess: () => setError(null), onError: (e) => setError(errorText(e)) });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const input = SsoConfigRequest.safeParse({
      issuer: text("issuer"),
      clientId: text("clientId"),
      ...(text("clientSecret") ? { clientSecret: text("clientSecret") } : {}),
      domains: text("domains")
        .split(/[\s,]+/)
        .filter(Boolean),
      defaultRole: text("defaultRole"),
      groupsClaim: text("groupsClaim") || null,
      roleByGroup: mapOf(text("roleByGroup")),
      enforce: form.get("enforce") === "on",
      breakGlassEmail: text("breakGlassEmail") || null,
      emailVerifiedClaim: text("emailVerifiedClaim") || "required",
    });
    if (!input.success)
      return setError(input.error.issues.map((i) => t("field", { field: i.path.join(".") || t("form"), problem: fieldText(i.message) })).join("; "));
    save.mutate({ input: {}, body: input.data });
  }

  return (
    <Card id="sso" title={t("title")}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{t("lead")}</p>
      <figure aria-label={t("redirectUri")} className="mb-4">
        <code className="block break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">{data.redirectUri}</code>
      </figure>
      <LocalAddressNote url={data.redirectUri} />
      {sso && <SsoDomains domains={sso.domainProofs} />}
      <form onSubmit={submit} className="grid grid-cols-1 gap-3 md:grid-cols-2 [&>*]:min-w-0" noValidate>
        <Field
          label={t("issuer")}
          id="issuer"
          name="issuer"
          defaultValue={sso?.issuer}
          placeholder="https://login.microsoftonline.com/<tenant>/v2.0"
          required
        />
        <Field label={t("clientId")} id="clientId" name="clientId" defaultValue={sso?.clientId} required />
        <Field label={sso ? t("secretKeep") : t("secret")} id="clientSecret" name="clientSecret" type="password" autoComplete="off" />
        <Field label={t("domains")} id="domains" name="domains" defaultValue={sso?.domains.join(", ")} placeholder="example.com" required />
        <SelectField id="defaultRole" label={t("defaultRole")} name="defaultRole" className={inputClass} defaultValue={sso?.defaultRole ?? "viewer"}>
          {(["viewer", "expert", "admin"] as const).map((role) => (
            <option key={role} value={role}>
              {roles(role)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="emailVerifiedClaim"
          label={t("emailVerified")}
          name="emailVerifiedClaim"
          className={inputClass}
          defaultValue={sso?.emailVerifiedClaim ?? "required"}
        >
          <option value="required">{t("emailVerifiedRequired")}</option>
          <option value="notSent">{t("emailVerifiedNotSent")}</option>
        </SelectField>
        <Field label={t("groupsClaim")} id="groupsClaim" name="groupsClaim" defaultValue={sso?.groupsClaim ?? ""} placeholder="groups" />
        <Labelled id="roleByGroup" label={t("roleByGroup")} className="md:col-span-2">
          <textarea
            id="roleByGroup"
            name="roleByGroup"
            rows={3}
            className={inputClass}
            defaultValue={sso ? mapText(sso.roleByGroup) : ""}
            placeholder={t("rolesPlaceholder")}
          />
        </Labelled>
        <Field
          label={t("breakGlass")}
          id="breakGlassEmail"
          name="breakGlassEmail"
          type="email"
          defaultValue={sso?.breakGlassEmail ?? ""}
          placeholder={t("breakGlassPlaceholder")}
        />
        <label className="flex items-center gap-2 self-end text-sm">
          <input type="checkbox" name="enforce" defaultChecked={sso?.enforce} className="h-4 w-4" />
          {t("enforce")}
        </label>
        <div className="flex flex-wrap gap-2 md:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("checking") : sso ? t("save") : t("turnOn")}
          </Button>
          {sso && (
            <Button type="button" variant="secondary" onClick={() => remove.mutate({ input: {} })} disabled={remove.isPending}>
              {t("turnOff")}
            </Button>
          )}
        </div>
      </form>
      {saved && !error && (
        <Notice tone="ok" className="mt-3">
          {t("saved")}
        </Notice>
      )}
      {error && <FieldError>{error}</FieldError>}
    </Card>
  );
}
