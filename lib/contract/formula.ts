// Formula KPIs: `[guid]` references, numbers, + - * /, parentheses, min(..), max(..), abs(..).
// A hand-written recursive-descent parser: no eval, no Function, and a value is null whenever
// an operand is null, a reference is missing or a division is by zero.

export type Expr =
  | { kind: "num"; value: number }
  | { kind: "ref"; guid: string }
  | { kind: "neg"; arg: Expr }
  | { kind: "bin"; op: "+" | "-" | "*" | "/"; left: Expr; right: Expr }
  | { kind: "call"; fn: "min" | "max" | "abs"; args: Expr[] };

export class FormulaError extends Error {}

const TOKEN = /\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\[([^\]]*)\]|(min|max|abs)\s*\(|([-+*/(),]))/y;

type Token = { num?: number; ref?: string; fn?: "min" | "max" | "abs"; sym?: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw new FormulaError(`Unexpected character at position ${at + 1}`);
    if (m[1] !== undefined) tokens.push({ num: Number(m[1]) });
    else if (m[2] !== undefined) tokens.push({ ref: m[2].trim().toLowerCase() });
    else if (m[3] !== undefined) tokens.push({ fn: m[3] as Token["fn"] });
    else tokens.push({ sym: m[4] });
  }
  return tokens;
}

export function parseFormula(text: string): Expr {
  const tokens = tokenize(text);
  let i = 0;
  const peek = (sym: string) => tokens[i]?.sym === sym;
  const expect = (sym: string) => {
    if (!peek(sym)) throw new FormulaError(`Expected '${sym}'`);
    i++;
  };

  function expression(): Expr {
    let left = term();
    while (peek("+") || peek("-")) {
      const op = tokens[i++]!.sym as "+" | "-";
      left = { kind: "bin", op, left, right: term() };
    }
    return left;
  }
  function term(): Expr {
    let left = unary();
    while (peek("*") || peek("/")) {
      const op = tokens[i++]!.sym as "*" | "/";
      left = { kind: "bin", op, left, right: unary() };
    }
    return left;
  }
  function unary(): Expr {
    if (peek("-")) {
      i++;
      return { kind: "neg", arg: unary() };
    }
    if (peek("+")) {
      i++;
      return unary();
    }
    return primary();
  }
  function primary(): Expr {
    const token = tokens[i++];
    if (!token) throw new FormulaError("Unexpected end of formula");
    if (token.num !== undefined) return { kind: "num", value: token.num };
    if (token.ref !== undefined) return { kind: "ref", guid: token.ref };
    if (token.fn) {
      const args = [expression()];
      while (peek(",")) {
        i++;
        args.push(expression());
      }
      expect(")");
      if (token.fn === "abs" && args.length !== 1) throw new FormulaError("abs takes one argument");
      return { kind: "call", fn: token.fn, args };
    }
    if (token.sym === "(") {
      const inner = expression();
      expect(")");
      return inner;
    }
    throw new FormulaError(`Unexpected '${token.sym}'`);
  }

  const expr = expression();
  if (i < tokens.length) throw new FormulaError("Unexpected text after the formula");
  return expr;
}

export function references(expr: Expr, out = new Set<string>()): Set<string> {
  if (expr.kind === "ref") out.add(expr.guid);
  else if (expr.kind === "neg") references(expr.arg, out);
  else if (expr.kind === "bin") {
    references(expr.left, out);
    references(expr.right, out);
  } else if (expr.kind === "call") expr.args.forEach((a) => references(a, out));
  return out;
}

/** The formula's value, or null when an operand is null, a reference unknown, or a divisor 0. */
export function evaluate(expr: Expr, lookup: (guid: string) => number | null): number | null {
  switch (expr.kind) {
    case "num":
      return expr.value;
    case "ref":
      return lookup(expr.guid);
    case "neg": {
      const v = evaluate(expr.arg, lookup);
      return v === null ? null : -v;
    }
    case "bin": {
      const a = evaluate(expr.left, lookup);
      const b = evaluate(expr.right, lookup);
      if (a === null || b === null) return null;
      if (expr.op === "/" && b === 0) return null;
      const r = expr.op === "+" ? a + b : expr.op === "-" ? a - b : expr.op === "*" ? a * b : a / b;
      return Number.isFinite(r) ? r : null;
    }
    case "call": {
      const args = expr.args.map((a) => evaluate(a, lookup));
      if (args.some((a) => a === null)) return null;
      const nums = args as number[];
      return expr.fn === "abs" ? Math.abs(nums[0]!) : expr.fn === "min" ? Math.min(...nums) : Math.max(...nums);
    }
  }
}

export interface FormulaProblem {
  kind: "syntax" | "unknown" | "cycle";
  message: string;
}

/**
 * What is wrong with `text` as the formula of KPI `guid` among `kpis` (empty: nothing): it must
 * parse, name only those KPIs, and not depend on its own KPI through any chain of formulas. The
 * service refuses a formula with problems; the editor shows them as the formula is typed.
 */
export function formulaProblems(kpis: { guid: string; formula: string | null }[], guid: string, text: string): FormulaProblem[] {
  let refs: Set<string>;
  try {
    refs = references(parseFormula(text));
  } catch (error) {
    if (error instanceof FormulaError) return [{ kind: "syntax", message: error.message }];
    throw error;
  }
  const formulas = new Map(kpis.map((k) => [k.guid, k.formula]));
  const unknown = [...refs].filter((r) => !formulas.has(r));
  if (unknown.length) return unknown.map((r) => ({ kind: "unknown", message: `No KPI [${r}] in this scorecard` }));
  formulas.set(guid, text);
  const seen = new Set<string>();
  const reaches = (from: string): boolean => {
    const formula = formulas.get(from);
    if (!formula || seen.has(from)) return false;
    seen.add(from);
    let next: Set<string>;
    try {
      next = references(parseFormula(formula));
    } catch {
      return false;
    }
    return [...next].some((r) => r === guid || reaches(r));
  };
  return refs.has(guid) || [...refs].some(reaches) ? [{ kind: "cycle", message: "The formula depends on its own KPI (a cycle)" }] : [];
}
