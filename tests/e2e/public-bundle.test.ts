/**
 * Decision 040: the public pages carry no admin code. Reads the build the e2e project made
 * (dist/client/.vite/manifest.json and the source files per chunk, scripts/chunk-modules.ts) and follows every public
 * page's chunks from index.html: its static imports and its lazy ones (each public page in app/route-pages.tsx, the
 * header's deferred parts), but not the two doors into the admin area. None of those chunks may hold a module of the
 * admin area (features/admin, the admin pages and app files, Today's prefetch, the worker) or code only the admin area
 * uses. And each budgeted page's first-load JS (scripts/page-weight.mjs, the figures `npm run build` prints) is within
 * its budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminRoutesKey } from '../../scripts/admin-precache';
import { isAdminModule } from '../../scripts/chunk-modules';
import { BUDGETS_JS_GZIP, firstLoadJs } from '../../scripts/page-weight.mjs';

interface ViteChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ViteChunk>;
interface ChunkModules {
  chunks: Record<string, string[]>;
  adminOnly: string[];
}

const clientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
const readJson = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', file), 'utf8')) as T;

/** The manifest keys a walk from `start` reaches through static and lazy imports, stopping at `doors`. */
function reach(manifest: ViteManifest, start: string, doors: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || doors.includes(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) visit(next);
  };
  visit(start);
  return seen;
}

describe('the public pages’ JavaScript (issue 42)', () => {
  const manifest = readJson<ViteManifest>('manifest.json');
  const { chunks, adminOnly } = readJson<ChunkModules>('chunk-modules.json');
  const adminOnlySet = new Set(adminOnly);
  // The admin area's doors in the entry: the admin routes with its tabs (keyed by its file when it has no facade,
  // scripts/admin-precache.ts) and an admin page's start (main.tsx).
  const ADMIN_DOORS = [adminRoutesKey(manifest), 'app/admin-boot.ts'];
  const adminCode = (file: string) =>
    (chunks[file] ?? []).filter((source) => isAdminModule(source) || adminOnlySet.has(source));

  it('reaches every public page, and the admin area only through its doors', () => {
    const keys = reach(manifest, 'index.html', ADMIN_DOORS);
    for (const page of ['pages/home.tsx', 'pages/booking.tsx', 'pages/reviews.tsx', 'pages/gift-vouchers.tsx'])
      expect(
        [...keys].some((key) => key === page || chunks[manifest[key]?.file ?? '']?.includes(`src/client/${page}`)),
      ).toBe(true);
    for (const door of ADMIN_DOORS) expect(manifest['index.html']?.dynamicImports).toContain(door);
  });

  it('holds no admin module and no code only the admin area uses', () => {
    const files = [...reach(manifest, 'index.html', ADMIN_DOORS)].map((key) => manifest[key]?.file ?? key);
    const found = files.flatMap((file) => adminCode(file).map((source) => `${file}: ${source}`));
    expect(found).toEqual([]);
  });

  it('keeps each public page’s first-load JS within its budget', () => {
    const figures = firstLoadJs(clientDir);
    // The entry and the page chunk at least (a page counted from a wrong key would be the entry alone).
    expect(figures['/booking'].files.length).toBeGreaterThan(1);
    expect(figures['/review'].files.length).toBeGreaterThan(1);
    const over = Object.entries(BUDGETS_JS_GZIP).flatMap(([page, budget]) => {
      const { gzip } = figures[page as keyof typeof BUDGETS_JS_GZIP];
      return gzip > budget ? [`${page}: ${gzip} B gzip, budget ${budget} B`] : [];
    });
    expect(over).toEqual([]);
  });

  it('would see admin code: the admin area’s own chunks hold it', () => {
    // The check above is only as good as its eyes: through the doors, admin modules and admin-only code are found.
    const files = [...reach(manifest, adminRoutesKey(manifest), [])].map((key) => manifest[key]?.file ?? key);
    const found = files.flatMap((file) => chunks[file] ?? []);
    expect(found.some(isAdminModule)).toBe(true);
    expect(found.some((source) => adminOnlySet.has(source))).toBe(true);
    expect(adminOnly).toContain('src/shared/schemas/settings.ts');
  });
});
