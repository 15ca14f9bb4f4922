import { bffRoute } from "@/lib/bff/route";
import { DocId } from "@/lib/contract/common";
import { BatchSetValuesBody } from "@/lib/contract/values";

/** The grid's one save: a single batch call, retried safely under the same Idempotency-Key. */
export const POST = bffRoute<{ docId: string }>(async ({ client, params, request }) => {
  const { items } = BatchSetValuesBody.parse(await request.json());
  const key = request.headers.get("Idempotency-Key") ?? crypto.randomUUID();
  return client.setValues(DocId.parse(params.docId), items, key);
});
