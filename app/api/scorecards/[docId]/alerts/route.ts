import { bffRoute } from "@/lib/bff/route";
import { CreateAlert } from "@/lib/contract/alerts";
import { DocId } from "@/lib/contract/common";

export const GET = bffRoute<{ docId: string }>(({ client, params }) => client.alerts(DocId.parse(params.docId)));
export const POST = bffRoute<{ docId: string }>(async ({ client, params, request }) =>
  client.createAlert(DocId.parse(params.docId), CreateAlert.parse(await request.json())),
);
