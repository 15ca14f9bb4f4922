import { parseSync } from "@swc/core";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import en from "@/messages/en.json";

/**
 * For tests: which message namespaces ("kpi", "connectors.fedBy") the client components
 * reachable from a file may read with `useTranslations` or take apart from `useMessages`,
 * following static and dynamic imports within the project. Server components read theirs on the server: the browser needs none of them.
 */
const root = path.resolve(import.meta.dirname, "../..");
const NAMESPACES = new Set(Object.keys(en));

type Node = { type: string; [key: string]: unknown };

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const perFile = new Map<string, { client: boolean; imports: string[]; namespaces: string[] }>();

function readFile(file: string) {
  const known = perFile.get(file);
  if (known) return known;
  const source = readFileSync(file, "utf8");
  const ast = parseSync(source, { syntax: "typescript", tsx: file.endsWith(".tsx") });
  const imports: string[] = [];
  const namespaces = new Set<string>();
  let wholeCatalogue = false;
  const literals: string[] = [];
  const text = (node: Node | undefined) =>
    node?.type === "StringLiteral" ? (node.value as string) : node?.type === "TemplateLiteral" ? ((node.quasis as { raw: string }[])[0]?.raw ?? "") : null;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== "object") return;
    const node = value as Node;
    if ((node.type === "ImportDeclaration" || node.type === "ExportAllDeclaration" || node.type === "ExportNamedDeclaration") && node.source) {
      if (!(node.typeOnly as boolean)) imports.push((node.source as Node).value as string);
    }
    if (node.type === "CallExpression") {
      const callee = node.callee as Node;
      const first = (node.arguments as { expression: Node }[])[0]?.expression;
      if (callee.type === "Import" && text(first)) imports.push(text(first)!);
      if (callee.type === "Identifier" && callee.value === "useTranslations") {
        if (first) namespaces.add(text(first)!);
        else wholeCatalogue = true;
      }
    }
    // `const { format } = useMessages()`: the namespaces it takes apart (taken whole, it passes on what it has).
    const init = node.init as Node | undefined;
    if (
      node.type === "VariableDeclarator" &&
      init?.type === "CallExpression" &&
      (init.callee as Node).value === "useMessages" &&
      (node.id as Node).type === "ObjectPattern"
    ) {
      for (const property of (node.id as Node).properties as Node[])
        if ((property.key as Node | undefined)?.type === "Identifier") namespaces.add((property.key as Node).value as string);
    }
    if (node.type === "StringLiteral" || node.type === "TemplateLiteral") literals.push(text(node) ?? "");
    Object.values(node).forEach(visit);
  };
  visit(ast);
  // `useTranslations()`: the namespaces its keys name ("kpi.table.legend", `periods.${p}`).
  if (wholeCatalogue)
    for (const literal of literals) if (NAMESPACES.has(literal.split(".")[0]!) && literal.includes(".")) namespaces.add(literal.split(".")[0]!);
  const client = /^\s*(\/\/[^\n]*\n\s*)*["']use client["']/.test(source);
  const found = { client, imports: imports.map((s) => resolve(file, s)).filter((f): f is string => f !== null), namespaces: [...namespaces] };
  perFile.set(file, found);
  return found;
}

/** The namespaces the client components reachable from `file` (a path from the project's root) read. */
export function namespacesReached(file: string): Set<string> {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const walk = (current: string, inClient: boolean) => {
    const { client, imports, namespaces } = readFile(current);
    const here = inClient || client;
    if (seen.has(`${here}${current}`)) return;
    seen.add(`${here}${current}`);
    if (here) for (const ns of namespaces) reached.add(ns);
    for (const next of imports) walk(next, here);
  };
  walk(path.join(root, file), false);
  return reached;
}
