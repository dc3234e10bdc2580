// Issue 26, decision 026: the admin service worker precaches the admin shell and its route chunks only. The files
// come from Vite's chunk graph (dist/client/.vite/manifest.json): the entry (index.html's main.tsx) with its static
// imports and CSS, and the admin routes' chunk (app/admin-routes.tsx) with everything it imports, statically or
// lazily. The public pages' own chunks (booking, reviews...) are left out.
import fs from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';

interface ViteChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ViteChunk>;

// The HTML entry (its script is main.tsx): followed through its static imports only, never its lazy pages.
const ENTRY = 'index.html';
const ADMIN = 'app/admin-routes.tsx';

/**
 * The admin routes' chunk in the manifest: under its source path, or, when Rollup gave the chunk no facade (the lazy
 * admin tabs import from it), under `_admin-routes-<hash>.js` as the dynamic entry named 'admin-routes'.
 */
export function adminRoutesKey(manifest: ViteManifest): string {
  if (manifest[ADMIN]) return ADMIN;
  const found = Object.entries(manifest).find(
    ([, chunk]) => (chunk as (ViteChunk & { name?: string }) | undefined)?.name === 'admin-routes',
  );
  return found ? found[0] : ADMIN;
}

/**
 * The files the admin pages need, from a Vite manifest object; pure (admin-precache.test.ts). With `lazyTabs` false,
 * only what a first visit loads: the admin chunk's static imports, not the tabs it loads when opened.
 */
export function adminFiles(manifest: ViteManifest, lazyTabs = true): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, followDynamic: boolean) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, followDynamic);
    if (followDynamic) for (const imported of chunk.dynamicImports ?? []) visit(imported, true);
  };
  visit(ENTRY, false);
  visit(adminRoutesKey(manifest), lazyTabs);
  return files;
}

/** A Workbox manifestTransform keeping only the admin pages' files (and the favicon). */
export function adminPrecache(outDir: string): ManifestTransform {
  return async (entries) => {
    const manifestFile = path.join(outDir, '.vite', 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
    const keep = adminFiles(manifest);
    const warnings: string[] = [];
    if (!manifest[adminRoutesKey(manifest)]) warnings.push(`admin-precache: ${ADMIN} is not in the Vite manifest`);
    const manifestEntries = entries.filter((e) => {
      const file = e.url.replace(/^\//, '');
      return keep.has(file) || file === 'favicon.svg';
    });
    return { manifest: manifestEntries, warnings };
  };
}
