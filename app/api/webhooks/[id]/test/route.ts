import { z } from "zod";
import { bffRoute } from "@/lib/bff/route";

export const POST = bffRoute<{ id: string }>(({ client, params }) => client.testWebhook(z.coerce.number().int().positive().parse(params.id)));
