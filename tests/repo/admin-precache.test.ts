import { describe, expect, it } from 'vitest';
import { adminFiles, chunkFileName, isAdminChunk } from '../../scripts/admin-precache';

describe('adminFiles', () => {
  it('keeps the entry’s static graph and the admin chunk’s whole graph, not the public pages', () => {
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        css: ['assets/index.css'],
        imports: ['_react.js'],
        dynamicImports: ['pages/booking.tsx', 'app/admin-routes.tsx'],
      },
      '_react.js': { file: 'assets/react.js' },
      'pages/booking.tsx': { file: 'assets/booking.js', imports: ['index.html', '_wizard.js'] },
      '_wizard.js': { file: 'assets/wizard.js' },
      'app/admin-routes.tsx': {
        file: 'assets/admin-routes.js',
        imports: ['index.html', '_dialog.js'],
        dynamicImports: ['features/admin/lazy.tsx'],
      },
      '_dialog.js': { file: 'assets/dialog.js' },
      'features/admin/lazy.tsx': { file: 'assets/lazy.js', css: ['assets/lazy.css'] },
    };
    expect([...adminFiles(manifest)].sort()).toEqual(
      [
        'assets/index.js',
        'assets/index.css',
        'assets/react.js',
        'assets/admin-routes.js',
        'assets/dialog.js',
        'assets/lazy.js',
        'assets/lazy.css',
      ].sort(),
    );
  });

  it('finds the admin chunk without a facade, and leaves the lazy tabs out of a first visit', () => {
    // Rollup leaves the admin routes' chunk without a facade when lazy tabs import from it: Vite then keys it by file.
    const manifest = {
      'index.html': { file: 'assets/index.js', dynamicImports: ['_admin-routes-X.js'] },
      '_admin-routes-X.js': {
        file: 'assets/admin-routes-X.js',
        name: 'admin-routes',
        isDynamicEntry: true,
        imports: ['index.html', '_label.js'],
        dynamicImports: ['features/admin/money/components/money-tab.tsx'],
      },
      '_label.js': { file: 'assets/label.js' },
      'features/admin/money/components/money-tab.tsx': { file: 'assets/money-tab.js', imports: ['_admin-routes-X.js'] },
    };
    expect([...adminFiles(manifest)].sort()).toEqual(
      ['assets/index.js', 'assets/admin-routes-X.js', 'assets/label.js', 'assets/money-tab.js'].sort(),
    );
    expect([...adminFiles(manifest, false)].sort()).toEqual(
      ['assets/index.js', 'assets/admin-routes-X.js', 'assets/label.js'].sort(),
    );
  });

  it('keeps every tab of the dashboard, and of them only Today for a first visit', () => {
    // Each tab is a chunk the entry imports lazily (app/admin-tab-pages.ts); the public pages are entry imports too.
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        dynamicImports: [
          'app/admin-routes.tsx',
          'pages/admin-tabs/today.tsx',
          'pages/admin-tabs/money.tsx',
          'pages/booking.tsx',
        ],
      },
      'app/admin-routes.tsx': {
        file: 'assets/admin-routes.js',
        imports: ['index.html'],
        dynamicImports: ['pages/admin-login.tsx'],
      },
      'pages/admin-login.tsx': { file: 'assets/admin-login.js', imports: ['_label.js'] },
      '_label.js': { file: 'assets/label.js' },
      'pages/admin-tabs/today.tsx': { file: 'assets/today.js', imports: ['_sheet.js'] },
      '_sheet.js': { file: 'assets/sheet.js' },
      'pages/admin-tabs/money.tsx': { file: 'assets/money.js', imports: ['_label.js'] },
      'pages/booking.tsx': { file: 'assets/booking.js' },
    };
    expect([...adminFiles(manifest)].sort()).toEqual(
      [
        'assets/index.js',
        'assets/admin-routes.js',
        'assets/admin-login.js',
        'assets/label.js',
        'assets/today.js',
        'assets/sheet.js',
        'assets/money.js',
      ].sort(),
    );
    expect([...adminFiles(manifest, false)].sort()).toEqual(
      ['assets/index.js', 'assets/admin-routes.js', 'assets/today.js', 'assets/sheet.js'].sort(),
    );
  });

  it('finds the admin chunk by its file name when Rollup named it after a chunk merged with it', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', dynamicImports: ['_table-X.js', 'pages/b.tsx'] },
      '_table-X.js': { file: 'assets/admin-routes-X.js', name: 'table', isDynamicEntry: true, imports: ['index.html'] },
      'pages/b.tsx': { file: 'assets/b.js' },
    };
    expect([...adminFiles(manifest)].sort()).toEqual(['assets/index.js', 'assets/admin-routes-X.js'].sort());
  });

  it('keeps the admin start (issue 42) with its static imports, not Today’s prefetch it imports lazily', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', dynamicImports: ['app/admin-boot.ts', 'pages/b.tsx'] },
      'app/admin-boot.ts': {
        file: 'assets/admin-boot.js',
        imports: ['index.html', '_offline-store.js'],
        dynamicImports: ['app/today-prefetch.ts'],
      },
      '_offline-store.js': { file: 'assets/offline-store.js' },
      'app/today-prefetch.ts': { file: 'assets/admin-today-prefetch.js' },
      'pages/b.tsx': { file: 'assets/b.js' },
    };
    expect([...adminFiles(manifest)].sort()).toEqual(
      ['assets/index.js', 'assets/admin-boot.js', 'assets/offline-store.js'].sort(),
    );
  });
});

describe('chunkFileName', () => {
  const chunk = (name: string, moduleIds: string[], facadeModuleId: string | null = null) => ({
    name,
    moduleIds,
    facadeModuleId,
  });
  it('names the admin chunks admin-..., whatever Rollup named them', () => {
    const root = '/repo/src/client';
    expect(chunkFileName(chunk('table', [`${root}/components/ui/table.tsx`, `${root}/app/admin-routes.tsx`]))).toBe(
      'assets/admin-routes-[hash].js',
    );
    const today = `${root}/pages/admin-tabs/today.tsx`;
    expect(chunkFileName(chunk('today', [today], today))).toBe('assets/admin-today-[hash].js');
    const reviews = `${root}/pages/reviews.tsx`;
    expect(chunkFileName(chunk('reviews', [reviews], reviews))).toBe('assets/[name]-[hash].js');
    const prefetch = `${root}/app/today-prefetch.ts`;
    expect(chunkFileName(chunk('today-prefetch', [prefetch], prefetch))).toBe('assets/admin-today-prefetch-[hash].js');
    expect(isAdminChunk('assets/admin-today-X.js')).toBe(true);
    expect(isAdminChunk('assets/booking-X.js')).toBe(false);
  });
});
