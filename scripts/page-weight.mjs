// Decision 040: what each public page's JavaScript costs on its first load, read from the client build, and its budget.
// A page's first load is the entry (index.html's script) and its route's page chunk (main.tsx asks for it before
// hydrating, app/route-pages.tsx), each with every chunk it imports statically, gzip-compressed at level 6: what
// `npm run bench:weight` counts in Chromium (every script a phone fetched until the network was idle), from the files
// alone. `npm run build` prints it (scripts/build.mjs); tests/e2e/public-bundle.test.ts fails when a page is over.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * First-load JS per page, gzip: each page's figure before the admin code rode along (build of 76e6cb5,
 * docs/performance.md, decision 040), within the goal for `/` (100 kB, stretch 80 kB).
 */
export const BUDGETS_JS_GZIP = { '/': 96_200, '/booking': 176_300, '/review': 156_800 };

/** Each budgeted page's lazy page chunk (its key in .vite/manifest.json); the home page is in the entry. */
const PAGE_CHUNKS = { '/': [], '/booking': ['pages/booking.tsx'], '/review': ['pages/reviews.tsx'] };

/**
 * Each budgeted page's first-load JS in the build at `clientDir` (dist/client): `{ '/booking': { files, gzip } }`,
 * files in the order reached. Throws when a page chunk is missing from the manifest (a renamed page).
 */
export function firstLoadJs(clientDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
  const result = {};
  for (const [page, chunks] of Object.entries(PAGE_CHUNKS)) {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      if (!manifest[key]) throw new Error(`${key} is not in the build's manifest (page ${page})`);
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    for (const key of ['index.html', ...chunks]) visit(key);
    const files = [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    const gzip = files.reduce(
      (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 6 }).length,
      0,
    );
    result[page] = { files, gzip };
  }
  return result;
}

/** One line per page: its figure, its file count and its budget, 'OVER' when above it. */
export function describeFirstLoad(figures) {
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  return Object.entries(BUDGETS_JS_GZIP).map(([page, budget]) => {
    const { files, gzip } = figures[page];
    const verdict = gzip > budget ? 'OVER' : 'ok';
    return `  ${page.padEnd(9)} ${kB(gzip).padStart(9)} in ${String(files.length).padStart(2)} files  budget ${kB(budget)}  ${verdict}`;
  });
}
