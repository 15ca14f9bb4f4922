import { z } from "zod";
import { bffRoute } from "@/lib/bff/route";

export const GET = bffRoute<{ id: string }>(({ client, params }) => client.deliveries(z.coerce.number().int().positive().parse(params.id)));
