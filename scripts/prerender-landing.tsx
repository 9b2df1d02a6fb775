// Renders the landing page to static HTML at build time (dist/client/landing.html), so a visitor
// sees the headline before any JavaScript runs. Visitors get this page with no app script at all
// (see below); a signed-in user gets the app itself (server/src/app.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { paths } from '@common/paths';
import { AppLayout } from '@app/layout/app-layout';
import { authKeys } from '@app/features/auth/api';
import { LandingPage } from '@app/features/public/pages/landing-page';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'client');
const queryClient = new QueryClient();
// A visitor: the header shows the signed-out Login button.
queryClient.setQueryData(authKeys.me, null);

const markup = renderToStaticMarkup(
  <QueryClientProvider client={queryClient}>
    <StaticRouter location={paths.landing}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path={paths.landing} element={<LandingPage />} />
        </Route>
      </Routes>
    </StaticRouter>
  </QueryClientProvider>,
);

const index = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
if (!index.includes('<div id="root"></div>')) throw new Error('dist/client/index.html has no empty #root');
// The stylesheet is inlined too, so the first paint needs no second round trip.
const withStyles = index.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/, (_tag: string, href: string) => {
  const css = readFileSync(path.join(clientDir, href.replace(/^\//, '')), 'utf8');
  return `<style>${css}</style>`;
});

// A visitor's landing page runs no React: every control on it is a link. It loads only its own
// small script (app/src/landing-boot.ts: the starfield, and an idle-time prefetch of the app).
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
const manifestDir = path.join(clientDir, '.vite');
const manifestText = readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8');
const manifest = JSON.parse(manifestText) as Record<string, ManifestChunk>;
// Only this script needs it: it is not left among the files the server serves.
rmSync(manifestDir, { recursive: true, force: true });
const entry = (name: string) => {
  const found = Object.entries(manifest).find(([key, chunk]) => chunk.isEntry && key.endsWith(name));
  if (!found) throw new Error(`the Vite manifest has no entry ${name}`);
  return found;
};
const [, boot] = entry('src/landing-boot.ts');
const [appKey] = entry('index.html');
const appFiles = new Set<string>();
const collect = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || appFiles.has(`/${chunk.file}`)) return;
  appFiles.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) appFiles.add(`/${css}`);
  for (const imported of chunk.imports ?? []) collect(imported);
};
collect(appKey);

const withoutAppScripts = withStyles
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
const bootTag = [
  `<script type="module" crossorigin src="/${boot.file}" data-prefetch="${[...appFiles].join(' ')}"></script>`,
  ...(boot.imports ?? []).map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file ?? ''}">`),
].join('\n    ');
if (!withoutAppScripts.includes('</head>')) throw new Error('dist/client/index.html has no </head>');
const landing = withoutAppScripts
  .replace('</head>', `  ${bootTag}\n  </head>`)
  .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
writeFileSync(path.join(clientDir, 'landing.html'), landing);
console.log(`prerendered /landing (${markup.length} bytes of HTML; script ${boot.file})`);
