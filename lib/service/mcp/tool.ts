import "server-only";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { Ctx } from "../context";

/** A tool as Gauge describes it: its schemas, whether it writes, and what it answers. */
export interface GaugeTool<Shape extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  output: z.ZodObject;
  /** Writes something (absent from a `read` key's list); `destructive` when it may overwrite or undo. */
  writes?: { destructive: boolean; idempotent: boolean };
  /** Its result shows in Gauge's scorecard card where the assistant renders MCP Apps. */
  card?: true;
  run: (ctx: Ctx, args: z.infer<z.ZodObject<Shape>>) => Promise<Record<string, unknown>>;
}

export const defineTool = <Shape extends z.ZodRawShape>(tool: GaugeTool<Shape>) => tool as unknown as GaugeTool<z.ZodRawShape>;

/** A refusal as a tool's error: what went wrong and, per field, why (an assistant reads and retries). */
export function toolError(message: string, details: { path: string; message: string }[] = []): CallToolResult {
  const lines = [message, ...details.slice(0, 20).map((d) => `- ${d.path}: ${d.message}`)];
  return { isError: true, content: [{ type: "text", text: lines.join("\n") }] };
}
