import { z } from "zod";
import { bffRoute } from "@/lib/bff/route";

export const POST = bffRoute<{ id: string; eventId: string }>(({ client, params }) =>
  client.redeliver(z.coerce.number().int().positive().parse(params.id), z.string().regex(/^msg_[\w-]+$/).parse(params.eventId)),
);
