import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { LocalAddressNote } from "@/components/ui/local-address-note";

/** How to connect an AI assistant (Claude, ChatGPT, Copilot, Cursor) to /mcp with a key of this page. */
export async function AssistantConnect({ origin }: { origin: string }) {
  const t = await getTranslations("apiKeys.assistant");
  const url = `${origin.replace(/\/$/, "")}/mcp`;
  const snippet = JSON.stringify({ mcpServers: { gauge: { type: "http", url, headers: { Authorization: "Bearer <your API key>" } } } }, null, 2);
  return (
    <Card id="assistant" title={t("title")}>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("lead")}</p>
      <figure aria-label={t("url")} className="mb-2">
        <code className="block break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">{url}</code>
      </figure>
      <LocalAddressNote url={url} />
      <p className="my-2 text-sm text-slate-600 dark:text-slate-400">{t("scopes")}</p>
      <figure aria-label={t("snippet")}>
        <pre className="overflow-x-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">{snippet}</pre>
      </figure>
    </Card>
  );
}
