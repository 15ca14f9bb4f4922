// A connector's SQL is the customer's text: it is checked to be one SELECT and its `:from` and
// `:to` are turned into the driver's parameters, outside literals and comments. No SQL parser
// package reads both PostgreSQL's and MySQL's dialects, and this needs only their lexical rules.

export class QueryRefusal extends Error {}

type Dialect = "postgres" | "mysql";

/** Each stretch of the text: code, or a literal or comment to leave alone. */
function* pieces(text: string, dialect: Dialect): Generator<{ code: boolean; text: string }> {
  let i = 0;
  let start = 0;
  const closeOf = (at: number): number => {
    const c = text[at]!;
    if (c === "-" && text[at + 1] === "-") return (text.indexOf("\n", at) + 1 || text.length + 1) - 1;
    if (c === "#" && dialect === "mysql") return (text.indexOf("\n", at) + 1 || text.length + 1) - 1;
    if (c === "/" && text[at + 1] === "*") return (text.indexOf("*/", at + 2) + 2 || text.length + 1) - 1;
    if (c === "'" || c === '"' || (c === "`" && dialect === "mysql")) {
      for (let j = at + 1; j < text.length; j++) {
        if (text[j] === "\\" && dialect === "mysql") j++;
        else if (text[j] === c) {
          if (text[j + 1] === c) j++;
          else return j + 1;
        }
      }
      return text.length;
    }
    if (c === "$" && dialect === "postgres") {
      const tag = /^\$[A-Za-z_]*\$/.exec(text.slice(at))?.[0];
      if (tag) {
        const end = text.indexOf(tag, at + tag.length);
        return end < 0 ? text.length : end + tag.length;
      }
    }
    return -1;
  };
  while (i < text.length) {
    const end = closeOf(i);
    if (end < 0) {
      i++;
      continue;
    }
    if (i > start) yield { code: true, text: text.slice(start, i) };
    yield { code: false, text: text.slice(i, end) };
    i = start = end;
  }
  if (start < text.length) yield { code: true, text: text.slice(start) };
}

interface BoundQuery {
  /** The query wrapped to return at most `cap` rows. */
  text: string;
  /** Which of from and to each parameter is, in order. */
  params: ("from" | "to")[];
}

/**
 * The query as the driver runs it: one SELECT (or WITH ... SELECT), its `:from` and `:to` as
 * parameters, wrapped so that it returns at most `cap` rows. Refused with the reason otherwise.
 */
export function bindQuery(query: string, dialect: Dialect, cap: number): BoundQuery {
  const params: ("from" | "to")[] = [];
  let code = "";
  let out = "";
  for (const piece of pieces(query.trim().replace(/;\s*$/, ""), dialect)) {
    if (!piece.code) {
      out += piece.text;
      code += " ";
      continue;
    }
    code += piece.text;
    out += piece.text.replace(/(?<![:\w]):(from|to)\b/g, (_, name: "from" | "to") => {
      params.push(name);
      return dialect === "postgres" ? `$${params.length}` : "?";
    });
  }
  if (code.includes(";")) throw new QueryRefusal("One statement only: the query holds a ';'");
  const first = /^[\s(]*([A-Za-z]+)/.exec(code)?.[1]?.toUpperCase();
  if (first !== "SELECT" && first !== "WITH") throw new QueryRefusal(`Only a SELECT query may feed values: this one starts with ${first ?? "nothing"}`);
  if (/\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|DROP|ALTER|CREATE|GRANT|REVOKE|CALL|COPY|LOCK|INTO)\b/i.test(code)) {
    throw new QueryRefusal("Only a SELECT query may feed values: this one writes (INSERT, UPDATE, DELETE, INTO, ...)");
  }
  return { text: `SELECT * FROM (${out}\n) AS gauge_source LIMIT ${cap + 1}`, params };
}
