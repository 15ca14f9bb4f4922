import type { ChangeAuthor } from "@/lib/contract/history";

const VIA_LABEL: Record<ChangeAuthor["via"], string> = { api: "the API", dashboard: "the dashboard", import: "an import", cli: "the CLI", system: "the system", connector: "a connector" };

/** "ana@example.com with the key Nightly ERP export, through the API" */
export function authorText(by: ChangeAuthor): string {
  const who = by.email ?? (by.via === "system" ? "The system" : "A former user");
  const key = by.apiKey ? ` with the key ${by.apiKey}` : "";
  return by.via === "system" ? who : `${who}${key}, through ${VIA_LABEL[by.via]}`;
}
