import { z } from "zod";
import { bffRoute } from "@/lib/bff/route";

export const DELETE = bffRoute<{ id: string }>(({ client, params }) => client.deleteWebhook(z.coerce.number().int().positive().parse(params.id)));
