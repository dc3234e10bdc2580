// Decision 040: the public pages carry no admin code, checked on the build itself. Vite's manifest
// (.vite/manifest.json) lists each chunk's imports but not its source files; this plugin writes, beside it,
// `.vite/chunk-modules.json`:
// - `chunks`: each chunk's source files with code in it, `{ "assets/booking-X.js": ["src/client/pages/booking.tsx"] }`;
// - `adminOnly`: the admin-only shared code, the modules outside the admin area's folders (isAdminModule) that the
//   entry reaches only through an admin module (a schema or a widget only her pages use).
// tests/e2e/public-bundle.test.ts follows the public pages' chunks through the manifest and fails when one holds an
// admin module or admin-only code. Not served: the server serves index.html's assets and assets/ only.
import type { Plugin } from 'vite';

/** The admin area's own modules: its features, pages, app files, Today's prefetch and the worker's sources. */
const ADMIN_MODULE = /(^|\/)src\/client\/(features\/admin\/|pages\/admin-|app\/admin-|app\/today-prefetch|sw\/)/;

const slash = (id: string) => id.replaceAll('\\', '/');
export const isAdminModule = (id: string) => ADMIN_MODULE.test(slash(id));

/** A source file's name in the map: from the repository's root (`src/client/...`, `node_modules/...`). */
function sourceName(id: string, root: string): string {
  const clean = slash(id).replace(/^\0/, '').replace(/\?.*$/, '');
  const nodeModules = clean.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) return clean.slice(nodeModules + 1);
  return clean.startsWith(`${root}/`) ? clean.slice(root.length + 1) : clean;
}

export function chunkModulesManifest(repoRoot: string): Plugin {
  const root = slash(repoRoot).replace(/\/$/, '');
  return {
    name: 'homevisit:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const out of Object.values(bundle))
        if (out.type === 'chunk')
          chunks[out.fileName] = [
            ...new Set(
              Object.entries(out.modules)
                .filter(([, m]) => m.renderedLength > 0)
                .map(([id]) => sourceName(id, root)),
            ),
          ].sort();
      // The modules the entries reach, statically or lazily, without entering an admin module; the rest is admin-only.
      const ids = [...this.getModuleIds()];
      const publicSide = new Set(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const id of publicSide) {
        const info = this.getModuleInfo(id);
        for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])])
          if (!isAdminModule(next)) publicSide.add(next);
      }
      const adminOnly = [
        ...new Set(ids.filter((id) => !publicSide.has(id) && !isAdminModule(id)).map((id) => sourceName(id, root))),
      ].sort();
      const source = JSON.stringify({ chunks, adminOnly }, null, 1);
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source });
    },
  };
}
