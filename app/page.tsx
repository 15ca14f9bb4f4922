import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Gauge</h1>
      <p className="text-lg text-slate-600 dark:text-slate-300">
        Scorecards and KPIs, read and written by your scripts, spreadsheets and BI jobs through one JSON API.
      </p>
      <div className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="font-medium">Try it</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          Demo account: <code>demo@example.com</code> / <code>demo-password</code>
        </p>
        <Link
          href="/rest/docs"
          className="mt-4 inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          API reference
        </Link>
      </div>
    </main>
  );
}
