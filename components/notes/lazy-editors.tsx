"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// The note form and a KPI's revisions load when opened: the pages that offer them (the scorecard, the value grid) do not carry them.
export const LazyNoteForm = dynamic(() => import("./note-form").then((m) => m.NoteForm), { ssr: false, loading: () => <Skeleton className="h-24" /> });
export const LazyRevisionList = dynamic(() => import("@/components/history/revision-list").then((m) => m.RevisionList), {
  ssr: false,
  loading: () => <Skeleton className="h-16" />,
});
