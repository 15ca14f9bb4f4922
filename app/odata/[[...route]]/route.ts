import { getOData } from "@/lib/service/instance";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: Request): Promise<Response> {
  return (await getOData()).fetch(request);
}

export { handle as GET, handle as HEAD };
