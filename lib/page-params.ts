import "server-only";
import { notFound } from "next/navigation";
import { DocId } from "@/lib/contract/common";

/** The scorecard ID of a /s/[docId] page; anything else is the 404 page. */
export async function docIdParam(params: Promise<{ docId: string }>): Promise<number> {
  const docId = DocId.safeParse((await params).docId);
  if (!docId.success) notFound();
  return docId.data;
}

/** A token from a page's path (an invitation's, a reset link's), percent-decoded when it can be. */
export async function tokenParam(params: Promise<{ token: string }>): Promise<string> {
  const { token } = await params;
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;
