import type { IncomingMessage, ServerResponse } from "node:http";

export type FetchApp = { fetch(request: Request): Response | Promise<Response> };
export function restRoute(getApp?: () => Promise<FetchApp> | undefined): (req: IncomingMessage, res: ServerResponse) => boolean;
