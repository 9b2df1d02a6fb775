import { QueryClient } from '@tanstack/react-query';
import { UI } from '@common/limits';
import { ApiError } from './api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: UI.queryStaleMs,
        refetchOnWindowFocus: false,
        // Retry once, but never on a 4xx: the answer will not change.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
