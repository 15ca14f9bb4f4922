"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

// The form's code (and the schemas that check it and an imported file) loads when it is opened:
// the scorecard list does not carry it.
const NewScorecardForm = dynamic(() => import("./new-scorecard").then((m) => m.NewScorecardForm), {
  ssr: false,
  loading: () => <Skeleton className="h-32 w-full" />,
});

export function NewScorecard() {
  const t = useTranslations("scorecards");
  const [open, setOpen] = useState(false);
  if (!open) return <Button onClick={() => setOpen(true)}>{t("new")}</Button>;
  return <NewScorecardForm onCancel={() => setOpen(false)} />;
}
