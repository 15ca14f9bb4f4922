import { bffRoute } from "@/lib/bff/route";

export const GET = bffRoute(({ client }) => client.scorecards());
