/** What the dashboard says when the account's hourly calls are used up. */
export function CallLimitMessage({ retryAfterSeconds, action }: { retryAfterSeconds: number | null; action?: React.ReactNode }) {
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-lg border border-amber-300 bg-amber-50 p-6 dark:border-amber-800 dark:bg-amber-950">
      <h2 className="text-lg font-semibold text-amber-950 dark:text-amber-100">This hour&apos;s API calls are used up</h2>
      <p className="mt-2 text-sm text-amber-900 dark:text-amber-200">
        Your account may make a limited number of API calls an hour, and this page needs one more. Try again in about {minutes} minute
        {minutes === 1 ? "" : "s"}; nothing you saved is lost.
      </p>
      {action}
    </div>
  );
}
