"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function LogoutButton() {
  const t = useTranslations("layout");
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function logOut() {
    setPending(true);
    await fetch("/api/session", { method: "DELETE" }).catch(() => null);
    queryClient.clear();
    window.location.assign("/login");
  }
  return (
    <Button variant="secondary" onClick={logOut} disabled={pending}>
      {t("logout")}
    </Button>
  );
}
