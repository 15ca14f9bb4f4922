import "server-only";
import { operations, type OperationName } from "@/lib/contract/routes";

/** Whether a request (method, path under /rest) is one of the named operations of the contract. */
export function oneOfOperations(names: OperationName[]): (method: string, path: string) => boolean {
  const patterns = names.map((name) => {
    const { method, path } = operations[name];
    return { method: method.toUpperCase(), path: new RegExp(`^/rest${path.replace(/\{\w+\}/g, "[^/]+")}$`) };
  });
  return (method, path) => patterns.some((p) => p.method === method && p.path.test(path));
}

const matchers = Object.entries(operations).map(([name, { method, path }]) => ({
  name: name as OperationName,
  method: method.toUpperCase(),
  path: new RegExp(`^/rest${path.replace(/\{\w+\}/g, "[^/]+")}$`),
  // A literal segment outranks a parameter: /kpi/balance-weights is not /kpi/{guid}.
  literals: path.split("/").filter((segment) => segment && !segment.startsWith("{")).length,
}));

/** The contract's operation a request (method, path under /rest) calls: the most specific match, or null. */
export function operationAt(method: string, path: string): OperationName | null {
  let best: (typeof matchers)[number] | null = null;
  for (const m of matchers) if (m.method === method && m.path.test(path) && (!best || m.literals > best.literals)) best = m;
  return best?.name ?? null;
}
