import { bffRoute } from "@/lib/bff/route";
import { CreateWebhook } from "@/lib/contract/webhooks";

export const GET = bffRoute(({ client }) => client.webhooks());
export const POST = bffRoute(async ({ client, request }) => client.createWebhook(CreateWebhook.parse(await request.json())));
