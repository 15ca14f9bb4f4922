import { readdirSync } from "node:fs";

/** Every page route of the app, read from the file system so that a new page cannot escape. */
export function pageRoutes(dir = "app", prefix = ""): string[] {
  const sample: Record<string, string> = { docId: "1", publicId: "pub_not_published_0000000000", token: "inv_not_an_invitation" };
  const routes: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "page.tsx") routes.push(prefix || "/");
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    const name = entry.name;
    if (name === "api" || name === "rest") continue;
    const segment = /^\(.*\)$/.test(name) ? "" : /^\[(.+)\]$/.test(name) ? `/${sample[name.slice(1, -1)] ?? "x"}` : `/${name}`;
    routes.push(...pageRoutes(`${dir}/${name}`, prefix + segment));
  }
  return routes;
}
