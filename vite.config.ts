import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  publicDir: fileURLToPath(new URL('./app/public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
      '@app': fileURLToPath(new URL('./app/src', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The manifest tells scripts/prerender-landing.tsx which files each entry became.
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./app/index.html', import.meta.url)),
        // The static landing page's own small script (app/src/landing-boot.ts).
        'landing-boot': fileURLToPath(new URL('./app/src/landing-boot.ts', import.meta.url)),
      },
      output: {
        // Form libraries get chunks of their own: left to the automatic split, pieces of other shared code
        // (TanStack Query's helpers) landed in zod's chunk, and every page paid for zod to get them. Only
        // the forms (dream dialog, import, login, register, intentions, symbol reading) load these now.
        codeSplitting: {
          // Only the matched modules: their dependencies (React) stay where the automatic split puts them.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'react-hook-form', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000', '/audio': 'http://127.0.0.1:5000' },
  },
});
