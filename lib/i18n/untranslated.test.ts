import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { parseSync } from "@swc/core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { type AstNode, filesUnder, REPO_ROOT, walkAst } from "@/lib/testing/source-tree";
import { MESSAGES } from "./messages";

const root = REPO_ROOT;
const tsxFiles = (dir: string) => filesUnder(dir, (name) => name.endsWith(".tsx"));

/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(["placeholder", "title", "aria-label", "aria-description", "aria-valuetext", "alt", "label", "heading", "description", "hint"]);
// A phrase ("Save", "no data yet"), not a code ("-error", "px", "NOT_STARTED"): a capital or a space between words.
const words = (text: string) => /[A-Za-zÀ-ÿ]{2,}/.test(text) && /[A-ZÀ-Ý]|[A-Za-zÀ-ÿ]\s+[A-Za-zÀ-ÿ]/.test(text.trim()) && !/^[A-Z0-9_]+$/.test(text.trim());
/** Words that are the same in every language. */
const NAMES = new Set(["Gauge"]);

type Node = { type: string; span: { start: number }; [key: string]: unknown };

/** Text a page shows that is written in the code instead of taken from the messages. */
function literalsShown(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  const ast = parseSync(source, { syntax: "typescript", tsx: true });
  const base = ast.span.start;
  const line = (node: Node) => source.slice(0, node.span.start - base).split("\n").length;
  const found: string[] = [];
  const flag = (node: Node, text: string) => {
    if (words(text) && !NAMES.has(text.trim())) found.push(`${file}:${line(node)} ${JSON.stringify(text.trim().slice(0, 60))}`);
  };
  // A string shown as a child: a literal in {…}, or a branch of a condition in {…}.
  const shownStrings = (node: Node | undefined) => {
    if (!node) return;
    if (node.type === "StringLiteral") flag(node, node.value as string);
    else if (node.type === "TemplateLiteral") for (const q of node.quasis as Node[]) flag(node, (q.cooked ?? q.raw) as string);
    else if (node.type === "ConditionalExpression") [node.consequent, node.alternate].forEach((n) => shownStrings(n as Node));
    else if (node.type === "BinaryExpression" && ["&&", "||", "??"].includes(node.operator as string)) shownStrings(node.right as Node);
    else if (node.type === "ParenthesisExpression") shownStrings(node.expression as Node);
  };
  const visitor = (n: AstNode): boolean | undefined => {
    if (n.type === "JSXText") flag(n as Node, n.value as string);
    if (n.type === "JSXExpressionContainer") shownStrings(n.expression as Node);
    if (n.type !== "JSXAttribute") return;
    const name = (n.name as { value?: string }).value ?? "";
    const value = n.value as Node | null;
    if (READ_ATTRIBUTES.has(name) && value?.type === "StringLiteral") flag(value, value.value as string);
    if (READ_ATTRIBUTES.has(name) && value?.type === "JSXExpressionContainer") shownStrings(value.expression as Node);
    // Other attributes (className, href, key) are not read; JSX inside them (an `action={<p>…</p>}`) is.
    if (value?.type === "JSXExpressionContainer") walkAst(value.expression, visitor);
    return false;
  };
  walkAst(ast.body, visitor);
  return found;
}

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
/** A message's arguments and tags by name (those inside plural and select branches too), as ICU parses it. */
function placeholders(message: string): string[] {
  const names = (elements: MessageFormatElement[]): string[] =>
    elements.flatMap((e) => {
      if (e.type === TYPE.literal || e.type === TYPE.pound) return [];
      const inner = "options" in e ? Object.values(e.options).flatMap((o) => names(o.value)) : "children" in e ? names(e.children) : [];
      return [e.value, ...inner];
    });
  return [...new Set(names(parse(message)))].sort();
}

describe("every word a page shows comes from the messages", () => {
  it("no page or component writes its text in the code", () => {
    expect(["app", "components"].flatMap(tsxFiles).flatMap(literalsShown)).toEqual([]);
  });

  it("every language has every key of the English messages, with the same placeholders, and no other", () => {
    const english = new Map(leaves(en));
    for (const [locale, messages] of Object.entries(MESSAGES)) {
      const theirs = new Map(leaves(messages as Tree));
      expect(
        [...english.keys()].filter((k) => !theirs.has(k)),
        `missing from ${locale}`,
      ).toEqual([]);
      expect(
        [...theirs.keys()].filter((k) => !english.has(k)),
        `only in ${locale}`,
      ).toEqual([]);
      for (const [key, text] of theirs) expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(english.get(key)!));
    }
  });
});
