import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * A link to another page of the app. Every page is rendered per request (it reads the session), so
 * Next's prefetch of each link in view would have the server render pages nobody opened; the page
 * is fetched when the link is followed.
 */
export function PageLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
