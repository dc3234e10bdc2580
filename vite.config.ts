import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const sharedRoot = fileURLToPath(new URL('./src/shared', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));
// The server-rendering build of the public pages (src/client/entry-server.tsx), run by the server.
const ssrOutDir = fileURLToPath(new URL('./dist/ssr', import.meta.url));

// The API server (Fastify) listens on 3000 in development. The Host header is kept
// unchanged (changeOrigin: false) so session cookies and origin checks behave as in production.
const apiTarget = 'http://localhost:3000';
const proxied = () => ({ target: apiTarget, changeOrigin: false });

export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${clientRoot}/` },
      { find: /^@shared\//, replacement: `${sharedRoot}/` },
    ],
  },
  build: {
    outDir: isSsrBuild ? ssrOutDir : outDir,
    emptyOutDir: true,
    // The favicon belongs to the client only.
    copyPublicDir: !isSsrBuild,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
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
