import "server-only";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { MoreMessages } from "./more-messages";
import { pickMessages, type Namespace, type Tree } from "./namespaces";

/**
 * A page that sends the browser only the messages its client components read (listed; a test
 * holds each page's list to what its components use) beside the layouts', instead of every
 * language file whole with every page.
 */
export function withPageMessages<P extends object>(namespaces: readonly Namespace[], Page: (props: P) => ReactNode | Promise<ReactNode>) {
  return async function PageWithMessages(props: P) {
    const messages = pickMessages((await getMessages()) as Tree, namespaces);
    return <MoreMessages messages={messages}>{await Page(props)}</MoreMessages>;
  };
}
