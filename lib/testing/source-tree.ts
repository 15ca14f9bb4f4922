import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** The files below `dir` (relative to the root, and named so) whose names `keep` takes. */
export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(REPO_ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(REPO_ROOT, rel)).isDirectory()) return filesUnder(rel, keep);
    return keep(name) ? [rel] : [];
  });
}

/** A node of SWC's syntax tree. */
export type AstNode = { type: string; [key: string]: unknown };

/** Calls `visit` on every node below `node`, depth first; where `visit` answers false, the node's children are skipped. */
export function walkAst(node: unknown, visit: (node: AstNode) => boolean | undefined | undefined): void {
  if (Array.isArray(node)) {
    for (const child of node) walkAst(child, visit);
    return;
  }
  if (!node || typeof node !== "object") return;
  const n = node as AstNode;
  if (typeof n.type === "string" && visit(n) === false) return;
  for (const [key, child] of Object.entries(n)) if (key !== "span") walkAst(child, visit);
}
