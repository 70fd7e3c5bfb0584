import { QueryClient } from "@tanstack/react-query";

/**
 * Spec section 9 defaults: data never goes stale by itself, nothing polls, nothing refetches on
 * focus, nothing retries. A query that needs otherwise (the user lookup) says so where it is declared.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
