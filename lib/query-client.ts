import { QueryCache, QueryClient } from "@tanstack/react-query";

// Every read costs the account one of its 100 calls an hour: data stays fresh for 5 minutes
// and is not refetched on focus or reconnect; a write invalidates what it changed.
export function makeQueryClient(onError?: (error: Error) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
    },
  });
}
