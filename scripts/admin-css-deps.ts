// Issue 26, decision 033 step 8: the admin chunks' lazy imports stop asking for the entry's stylesheet.
//
// The admin chunks import their neighbours without Vite's preload (vite.config.ts `resolveDependencies`), but Vite
// still lists, for each lazy tab, the CSS of the chunks it imports: the entry's stylesheet. Every admin page already
// has that sheet (linked, inline whole as the rendered Today, or added by its paint-first loader); on a page holding
// it inline, Vite's preload found no <link> for it and added one, so a phone fetched, parsed and applied the whole
// sheet a second time (~36 ms of its main thread unthrottled, ~150 ms at 4x) while Today hydrated.
// This plugin empties such lists; it fails the build if one holds anything but the entry's stylesheets.
import type { Plugin } from 'vite';
import { isAdminChunk } from './admin-precache';

/** The line Vite writes at the top of a chunk with lazy imports, its list of files in `m.f=[...]`. */
const MAP_DEPS =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);/;
const NO_DEPS = 'const __vite__mapDeps=()=>[];';

/** A chunk's code with its lazy imports' dependency list emptied; unchanged when it has none. Throws on a non-sheet. */
export function withoutSheetDeps(code: string, entrySheets: ReadonlySet<string>, file: string): string {
  const found = MAP_DEPS.exec(code);
  if (!found) return code;
  const deps = JSON.parse(found[1] ?? '[]') as string[];
  const other = deps.filter((dep) => !entrySheets.has(dep));
  if (other.length > 0)
    throw new Error(`${file}: lazy imports depend on ${other.join(', ')}, not only the entry's sheet`);
  return NO_DEPS + code.slice(found[0].length);
}

export function adminCssDeps(): Plugin {
  return {
    name: 'homevisit:admin-css-deps',
    apply: 'build',
    enforce: 'post',
    // After Vite's own generateBundle, which writes the lists (vite:build-import-analysis, a build plugin after ours).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entrySheets = new Set<string>();
        for (const out of Object.values(bundle))
          if (out.type === 'chunk' && out.isEntry)
            for (const css of out.viteMetadata?.importedCss ?? []) entrySheets.add(css);
        for (const out of Object.values(bundle))
          if (out.type === 'chunk' && isAdminChunk(out.fileName))
            out.code = withoutSheetDeps(out.code, entrySheets, out.fileName);
      },
    },
  };
}
