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
