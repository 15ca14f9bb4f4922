import { handleBff } from "@/lib/bff/handler";

// Every endpoint of lib/bff/endpoints.ts, at the API's own path (the browser's side of the BFF).
export const dynamic = "force-dynamic";

export { handleBff as GET, handleBff as POST, handleBff as PUT, handleBff as PATCH, handleBff as DELETE };
