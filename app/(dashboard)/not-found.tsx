import Link from "next/link";

export default function DashboardNotFound() {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="text-lg font-semibold">Nothing here</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">This scorecard does not exist, or it belongs to another account.</p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
        Back to your scorecards
      </Link>
    </div>
  );
}
