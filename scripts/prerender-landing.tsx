// Renders the landing page to static HTML at build time (dist/client/landing.html), so a visitor
// sees the headline before any JavaScript runs. The client then renders the same page over it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { paths } from '@common/paths';
import { AppLayout } from '@app/components/layout/app-layout';
import { TooltipProvider } from '@app/components/ui/tooltip';
import { authKeys } from '@app/features/auth/api';
import { LandingPage } from '@app/features/public/pages/landing-page';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');
const queryClient = new QueryClient();
// A visitor: the header shows the signed-out Login button.
queryClient.setQueryData(authKeys.me, null);

const markup = renderToStaticMarkup(
  <QueryClientProvider client={queryClient}>
    <TooltipProvider>
      <StaticRouter location={paths.landing}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path={paths.landing} element={<LandingPage />} />
          </Route>
        </Routes>
      </StaticRouter>
    </TooltipProvider>
  </QueryClientProvider>,
);

const index = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
if (!index.includes('<div id="root"></div>')) throw new Error('dist/client/index.html has no empty #root');
// The stylesheet is inlined too, so the first paint needs no second round trip.
const withStyles = index.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/, (_tag: string, href: string) => {
  const css = readFileSync(path.join(clientDir, href.replace(/^\//, '')), 'utf8');
  return `<style>${css}</style>`;
});
writeFileSync(path.join(clientDir, 'landing.html'), withStyles.replace('<div id="root"></div>', `<div id="root">${markup}</div>`));
console.log(`prerendered /landing (${markup.length} bytes of HTML)`);
