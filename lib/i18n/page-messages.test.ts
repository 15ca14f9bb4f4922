import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { filesUnder, REPO_ROOT } from "@/lib/testing/source-tree";
import { namespacesReached } from "./message-reach";
import { LAYOUT_NAMESPACES, pickMessages, type Tree } from "./namespaces";

const root = REPO_ROOT;
const appFiles = (dir: string, names: string[]) => filesUnder(dir, (name) => names.includes(name));

/** Whether `listed` ("connectors" or "connectors.fedBy") holds all of `needed`. */
const holds = (listed: string, needed: string) => needed === listed || needed.startsWith(`${listed}.`);
const resolves = (namespace: string) => namespace.split(".").reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], en) !== undefined;

/** The namespaces a page sends beside the layouts', as its withPageMessages call lists them. */
function listed(page: string): string[] | null {
  const match = /withPageMessages\(\s*\[([^\]]*)\]/.exec(readFileSync(path.join(root, page), "utf8"));
  return match ? [...match[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) : null;
}

describe("each page sends the browser the messages its client components read, and no others", () => {
  it("lists, for every page, every namespace its client components read beyond the layouts', and nothing they do not", () => {
    const pages = appFiles("app", ["page.tsx"]);
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const own = listed(page);
      expect(own, `${page} sends no messages of its own (withPageMessages)`).not.toBeNull();
      const needed = [...namespacesReached(page)].filter((n) => !LAYOUT_NAMESPACES.some((l) => holds(l, n)));
      expect(
        needed.filter((n) => !own!.some((l) => holds(l, n))),
        `${page} lacks`,
      ).toEqual([]);
      expect(
        own!.filter((l) => !needed.some((n) => holds(l, n))),
        `${page} sends unread`,
      ).toEqual([]);
      expect(
        own!.filter((l) => !resolves(l)),
        `${page} names no messages`,
      ).toEqual([]);
    }
  });

  it("sends with every page what the layouts, the error page and the not-found pages read", () => {
    const shared = appFiles("app", ["layout.tsx", "error.tsx", "not-found.tsx", "global-error.tsx", "loading.tsx"]);
    expect(shared).toContain("app/(dashboard)/error.tsx");
    // The header reads its words with useTranslations and its formats through useMessages.
    expect([...namespacesReached("app/(dashboard)/layout.tsx")].sort()).toEqual(["format", "layout", "layout.stale"]);
    for (const file of shared)
      expect(
        [...namespacesReached(file)].filter((n) => !LAYOUT_NAMESPACES.some((l) => holds(l, n))),
        file,
      ).toEqual([]);
    expect(LAYOUT_NAMESPACES.filter((l) => !resolves(l))).toEqual([]);
  });

  it("picks whole namespaces and parts of them into one tree", () => {
    const picked = pickMessages(en, ["roles", "connectors.fedBy", "connectors.figures"]);
    expect(Object.keys(picked).sort()).toEqual(["connectors", "roles"]);
    expect(picked.roles).toEqual(en.roles);
    expect(picked.connectors).toEqual({ fedBy: en.connectors.fedBy, figures: en.connectors.figures });
  });
});
