import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { adminPrecache, chunkFileName, isAdminChunk } from './scripts/admin-precache';
import { chunkModulesManifest } from './scripts/chunk-modules';
import { mangleNames } from './scripts/mangle-names';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const sharedRoot = fileURLToPath(new URL('./src/shared', import.meta.url));
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
// The server-rendering build of the public pages (src/client/entry-server.tsx), run by the server.
const ssrOutDir = fileURLToPath(new URL('./dist/ssr', import.meta.url));

// The API server (Fastify) listens on 3000 in development. The Host header is kept
// unchanged (changeOrigin: false) so session cookies and origin checks behave as in production.
const apiTarget = 'http://localhost:3000';
const proxied = () => ({ target: apiTarget, changeOrigin: false });

export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  plugins: [
    react(),
    tailwindcss(),
    // Issue 42: each chunk's source files (.vite/chunk-modules.json), to check that no public page loads admin code.
    !isSsrBuild && chunkModulesManifest(repoRoot),
    // Issue 42: terser names the minified chunks' variables again, which gzip compresses better (the file says why).
    !isSsrBuild && mangleNames(),
    // Issue 26, decision 026: the admin area's service worker (src/client/sw/sw.ts -> /admin/sw.js, scope /admin),
    // precaching the admin shell and its chunks only. Registered by the admin pages themselves; no manifest here (the
    // server writes it from the practice profile). Not part of the server renderer's build.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        outDir: `${outDir}/admin`,
        scope: '/admin',
        injectRegister: false,
        manifest: false,
        includeManifestIcons: false,
        injectManifest: {
          globDirectory: outDir,
          globPatterns: ['assets/*.{js,css}', 'favicon.svg'],
          // The worker lives at /admin/sw.js: its URLs are from the site's root, not from /admin/.
          modifyURLPrefix: { '': '/' },
          // Only what the admin pages load: the entry, the admin chunk and what they import (the Vite manifest).
          manifestTransforms: [adminPrecache(outDir)],
          minify: true,
        },
      }),
  ],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${clientRoot}/` },
      { find: /^@shared\//, replacement: `${sharedRoot}/` },
      // Issue 42: wouter's shim of useSyncExternalStore is React's own hook in React 19 (the file says why).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: `${clientRoot}/lib/use-sync-external-store-shim.ts`,
      },
    ],
  },
  build: {
    outDir: isSsrBuild ? ssrOutDir : outDir,
    emptyOutDir: true,
    // Source maps only when asked (HV_SOURCEMAP=1): to read a CPU profile of the built pages (decision 033, step 4).
    sourcemap: process.env.HV_SOURCEMAP === '1',
    // The favicon belongs to the client only.
    copyPublicDir: !isSsrBuild,
    // One stylesheet (Tailwind's), linked or inline in every page: no chunk lists it as a dependency of its lazy
    // imports, so Vite's preload never adds a second copy beside the inline one on the rendered Today (decision 033).
    cssCodeSplit: false,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry.
    // The admin area's chunks (admin-routes, sign-in, each tab: `admin-` file names below) are imported without
    // Vite's <link rel="modulepreload"> per dependency: on a phone the links cost Today's start ~5 ms each of its main
    // thread, in one task (issue 26, decision 033), and the browser fetches a chunk's imports itself once it has the
    // chunk (the admin worker keeps them all for the next visits). The public pages keep theirs.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => (isAdminChunk(file) ? [] : deps),
    },
    // The chunk graph (.vite/manifest.json), from which the admin worker's precache list is chosen.
    manifest: !isSsrBuild,
    rollupOptions: {
      // Issue 42: src/shared has no side effects at import (nothing there is imported for its effect, its zod schemas
      // define values): a shared module none of whose exports a page uses is left out of the page, even if imported.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]shared[\\/]/.test(id) },
      // Issue 42: no `experimentalMinChunkSize`. Folding chunks under 4 kB into one "loaded under similar conditions"
      // (issue 26: fewer requests and <link rel="modulepreload">s) put Today's prefetch and admin helpers into chunks
      // the public pages load, and public helpers into admin chunks. Without it each chunk holds modules loaded by the
      // same pages, so a public page loads no admin module (tests/e2e/public-bundle.test.ts, docs/performance.md).
      output: {
        // The admin area's chunks named `admin-...` (scripts/admin-precache.ts).
        chunkFileNames: chunkFileName,
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': proxied(),
      '/healthz': proxied(),
      '/readyz': proxied(),
    },
  },
}));
