import "server-only";
import { notFound } from "next/navigation";
import { DocId } from "@/lib/contract/common";

/** The scorecard ID of a /s/[docId] page; anything else is the 404 page. */
export async function docIdParam(params: Promise<{ docId: string }>): Promise<number> {
  const docId = DocId.safeParse((await params).docId);
  if (!docId.success) notFound();
  return docId.data;
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
