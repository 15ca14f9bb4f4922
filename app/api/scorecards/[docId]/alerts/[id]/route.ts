import { z } from "zod";
import { bffRoute } from "@/lib/bff/route";
import { UpdateAlert } from "@/lib/contract/alerts";
import { DocId } from "@/lib/contract/common";

const AlertId = z.coerce.number().int().positive();

export const PATCH = bffRoute<{ docId: string; id: string }>(async ({ client, params, request }) =>
  client.updateAlert(DocId.parse(params.docId), AlertId.parse(params.id), UpdateAlert.parse(await request.json())),
);
export const DELETE = bffRoute<{ docId: string; id: string }>(({ client, params }) =>
  client.deleteAlert(DocId.parse(params.docId), AlertId.parse(params.id)),
);
