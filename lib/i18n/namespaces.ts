import type en from "@/messages/en.json";

/** A namespace of the messages ("kpi") or a part of one ("connectors.fedBy"). */
export type Namespace = keyof typeof en | `${keyof typeof en}.${string}`;

/**
 * What the layouts' client components (the header, the call budget, the error page) and nearly
 * every page's read: sent with every page. The rest of a page's messages come with the page.
 */
export const LAYOUT_NAMESPACES: Namespace[] = ["format", "layout", "pages", "errors"];

export type Tree = { [key: string]: unknown };

/** The messages under each of `namespaces`, as one tree. */
export function pickMessages(messages: Tree, namespaces: readonly Namespace[]): Tree {
  const picked: Tree = {};
  for (const namespace of namespaces) {
    const parts = namespace.split(".");
    let from: unknown = messages;
    let into = picked;
    parts.forEach((part, i) => {
      from = (from as Tree | undefined)?.[part];
      if (i === parts.length - 1) into[part] = from;
      else into = (into[part] ??= {}) as Tree;
    });
  }
  return picked;
}
