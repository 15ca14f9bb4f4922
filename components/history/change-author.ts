import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ChangeAuthor } from "@/lib/contract/history";

/** "ana@example.com with the key Nightly ERP export, through the API", in the reader's words. */
export function useAuthorText(): (by: ChangeAuthor) => string {
  const t = useTranslations("history");
  return useCallback(
    (by: ChangeAuthor) => {
      const who = by.email ?? (by.via === "system" ? t("theSystem") : t("formerUser"));
      const key = by.apiKey ? t("withKey", { key: by.apiKey }) : "";
      return by.via === "system" ? who : t("author", { who, key, via: t(`via.${by.via}`) });
    },
    [t],
  );
}
