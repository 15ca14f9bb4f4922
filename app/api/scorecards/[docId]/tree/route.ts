import { bffRoute } from "@/lib/bff/route";
import { DocId } from "@/lib/contract/common";

export const GET = bffRoute<{ docId: string }>(({ client, params }) => client.tree(DocId.parse(params.docId)));
