// Decision 026: the admin service worker precaches the admin shell and its route chunks only. The files
// come from Vite's chunk graph (dist/client/.vite/manifest.json): the entry (index.html's main.tsx) with its static
// imports and CSS, the admin routes' chunk (app/admin-routes.tsx) with everything it imports, statically or
// lazily, which includes the dashboard's tabs (pages/admin-tabs/*, each its own chunk, app/admin-tab-pages.ts).
// The public pages' own chunks (booking, reviews...) are left out.
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

// The HTML entry (its script is main.tsx): followed through its static imports only, never its lazy pages; the admin
// start (app/admin-boot.ts, decision 040) likewise.
const ENTRY = 'index.html';
const ADMIN = 'app/admin-routes.tsx';
/** What an admin page's start needs before its chunks (decision 040), loaded by the entry on /admin/ paths only. */
const ADMIN_BOOT = 'app/admin-boot.ts';
/** Today's early requests (decision 033), loaded by the admin start when the page came without them; not precached. */
const TODAY_PREFETCH = 'app/today-prefetch.ts';
/** The dashboard's tabs, one file each (app/admin-tab-pages.ts). */
const TAB_PREFIX = 'pages/admin-tabs/';
/** The tab a first visit opens: Today, the start page of the installed app (ADMIN_APP_START_URL). */
const FIRST_TAB = `${TAB_PREFIX}today.tsx`;

/**
 * The built chunks' file names (vite.config.ts `chunkFileNames`). The admin area's chunks start with `admin-`: the
 * chunk holding app/admin-routes.tsx is `admin-routes-<hash>.js` even when Rollup merged a small shared chunk into it
 * (or it into one) and named the result after that, and each dashboard tab is `admin-<tab>-<hash>.js`, Today's
 * prefetch `admin-today-prefetch-<hash>.js` (the admin start imports it). Others
 * keep Rollup's name (the admin start's chunk is `admin-boot` by its file's name).
 */
export function chunkFileName(chunk: { facadeModuleId: string | null; moduleIds: readonly string[]; name: string }) {
  const holds = (suffix: string) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix));
  if (holds(`/src/client/${ADMIN}`)) return 'assets/admin-routes-[hash].js';
  if (chunk.facadeModuleId?.replaceAll('\\', '/').includes(`/src/client/${TAB_PREFIX}`))
    return `assets/admin-${chunk.name}-[hash].js`;
  if (chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/client/${TODAY_PREFETCH}`))
    return 'assets/admin-today-prefetch-[hash].js';
  return 'assets/[name]-[hash].js';
}

/** Whether a built file is one of the admin area's chunks (chunkFileName). */
export const isAdminChunk = (file: string) => path.basename(file).startsWith('admin-');

/** A manifest key whose chunk's file starts with `assets/<prefix>-`. */
const keyOfFile = (manifest: ViteManifest, prefix: string) =>
  Object.entries(manifest).find(([, chunk]) => chunk?.file.startsWith(`assets/${prefix}-`))?.[0];

/**
 * The admin routes' chunk in the manifest: under its source path, or, when Rollup gave the chunk no facade (the lazy
 * admin tabs import from it, or a shared chunk was merged with it), under its file name (chunkFileName).
 */
export function adminRoutesKey(manifest: ViteManifest): string {
  if (manifest[ADMIN]) return ADMIN;
  return keyOfFile(manifest, 'admin-routes') ?? ADMIN;
}

/**
 * The files the admin pages need, from a Vite manifest object; pure (admin-precache.test.ts). With `lazyTabs` false,
 * only what a first visit of Today loads: the admin chunk's and Today's static imports, not the other tabs.
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
  visit(ADMIN_BOOT, false);
  visit(adminRoutesKey(manifest), lazyTabs);
  for (const key of Object.keys(manifest))
    if (key.startsWith(TAB_PREFIX) && (lazyTabs || key === FIRST_TAB)) visit(key, lazyTabs);
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
    if (!manifest[ADMIN_BOOT]) warnings.push(`admin-precache: ${ADMIN_BOOT} is not in the Vite manifest`);
    const manifestEntries = entries.filter((e) => {
      const file = e.url.replace(/^\//, '');
      return keep.has(file) || file === 'favicon.svg';
    });
    return { manifest: manifestEntries, warnings };
  };
}
