import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@app/components/ui/misc';
import { Footer } from '@app/components/layout/footer';
import { Header } from './header';
import { Starfield } from '@app/components/layout/starfield';

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-dream-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Starfield />
      <Header />
      {/* At least one screen tall below the fixed-height header (h-16), so the footer never jumps down as a page's content arrives. */}
      <main id="main" className="mx-auto min-h-[calc(100svh-4rem)] w-full max-w-6xl flex-1 px-4 py-8">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
