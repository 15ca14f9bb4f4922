import { getMcp } from "@/lib/service/instance";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: Request): Promise<Response> {
  return (await getMcp()).fetch(request);
}

export { handle as DELETE, handle as GET, handle as POST };
