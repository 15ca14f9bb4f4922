import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, REPO_ROOT } from "@/lib/testing/source-tree";

// The rules of the house (docs/architecture.md), checked on every import in the tree.
const root = REPO_ROOT;
const files = (dir: string) => filesUnder(dir, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
const importsOf = (file: string) =>
  [...readFileSync(path.join(root, file), "utf8").matchAll(/from\s+"([^"]+)"|import\("([^"]+)"\)/g)].map((m) => m[1] ?? m[2]!);

function violations(dirs: string[], forbidden: RegExp): string[] {
  return dirs.flatMap((dir) =>
    files(dir).flatMap((file) =>
      importsOf(file)
        .filter((i) => forbidden.test(i))
        .map((i) => `${file} imports ${i}`),
    ),
  );
}

describe("the rules of the house", () => {
  it("the service never reaches into the dashboard", () => {
    expect(violations(["lib/service"], /^@\/(app|components|lib\/bff)\b/)).toEqual([]);
  });

  it("the dashboard never reaches into the service or the database, but for its own read cache's table", () => {
    const cache = "lib/bff/read-cache.ts";
    // app/rest, app/odata, app/scim, app/mcp and the MCP server's metadata only mount the service's apps.
    const mounts = (v: string) =>
      ["app/rest/", "app/odata/", "app/scim/", "app/mcp/", "app/.well-known/oauth-protected-resource/"].some((m) => v.startsWith(m));
    expect(violations(["app", "components", "lib/bff"], /^@\/lib\/(service|db)\b/).filter((v) => !mounts(v) && !v.startsWith(`${cache} `))).toEqual([]);
    const tables = [...readFileSync(path.join(root, cache), "utf8").matchAll(/import \{([^}]*)\} from "@\/lib\/db\/schema"/g)].flatMap((m) =>
      m[1]!.split(",").map((n) => n.trim()),
    );
    expect(tables).toEqual(["dashboardReads"]);
  });

  it("the contract depends on nothing but itself", () => {
    expect(violations(["lib/contract"], /^@\/(?!lib\/contract\b)/)).toEqual([]);
  });
});
