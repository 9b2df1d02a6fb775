import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { prefetchCurrentUser } from '@app/features/auth/api';
import { createQueryClient } from '@app/lib/query-client';

// Toasts wait in their store until the region has loaded, so none is lost.
const Toaster = lazy(async () => ({ default: (await import('@app/components/ui/toaster')).Toaster }));

/**
 * The query client, asking who is signed in at once: the answer travels while the page's own chunk
 * loads, instead of after it (every page's guard and the header wait for it).
 */
function startQueryClient() {
  const client = createQueryClient();
  prefetchCurrentUser(client);
  return client;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(startQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
