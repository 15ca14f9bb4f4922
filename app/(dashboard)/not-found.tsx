import Link from "next/link";
import { NoticePanel } from "@/components/ui/notice";

export default function DashboardNotFound() {
  return (
    <NoticePanel
      tone="plain"
      heading="h1"
      title="Nothing here"
      action={
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          Back to your scorecards
        </Link>
      }
    >
      This scorecard does not exist, or it belongs to another account.
    </NoticePanel>
  );
}
