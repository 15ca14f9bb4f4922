import Link from "next/link";
import { NoticePanel } from "@/components/ui/notice";

/** A page a role may not use, in place of that page: what it is for, who may use it, and a way back. */
export function RoleRefusal({ title, children, backHref = "/", backLabel = "Back to your scorecards" }: { title: string; children: string; backHref?: string; backLabel?: string }) {
  return (
    <NoticePanel
      tone="plain"
      heading="h1"
      title={title}
      action={
        <Link href={backHref} className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          {backLabel}
        </Link>
      }
    >
      {children}
    </NoticePanel>
  );
}
