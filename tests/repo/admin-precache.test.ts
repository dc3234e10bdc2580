import { describe, expect, it } from 'vitest';
import { adminFiles } from '../../scripts/admin-precache';

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
});
