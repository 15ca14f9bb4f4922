import { bffRoute } from "@/lib/bff/route";
import { DocId } from "@/lib/contract/common";
import { GroupedQuery } from "@/lib/contract/dashboard";

export const GET = bffRoute<{ docId: string }>(({ client, params, request }) => {
  const { period, from, to } = GroupedQuery.parse(Object.fromEntries(request.nextUrl.searchParams));
  return client.grouped(DocId.parse(params.docId), period, from, to);
});
