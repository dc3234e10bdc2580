import { describe, expect, it } from 'vitest';
import { withoutSheetDeps } from '../../scripts/admin-css-deps';

// The first lines of a chunk as Vite 7 writes them when its lazy imports have dependencies.
const chunk = (deps: string[]) =>
  `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=${JSON.stringify(deps)})))=>i.map(i=>d[i]);\n` +
  'import{a as x}from"./index-A.js";const t=x(()=>import("./admin-settings-B.js"),__vite__mapDeps([0]));\n';
const SHEETS = new Set(['assets/index-A.css']);

describe('withoutSheetDeps', () => {
  it("empties a list that holds only the entry's stylesheet, and leaves the rest of the chunk as it was", () => {
    const out = withoutSheetDeps(chunk(['assets/index-A.css']), SHEETS, 'admin-routes.js');
    const [first, ...rest] = out.split('\n');
    expect(first).toBe('const __vite__mapDeps=()=>[];');
    expect(rest.join('\n')).toBe(chunk([]).split('\n').slice(1).join('\n'));
  });

  it('refuses a list with anything else: those files would no longer be loaded', () => {
    expect(() => withoutSheetDeps(chunk(['assets/index-A.css', 'assets/lazy.css']), SHEETS, 'admin-x.js')).toThrow(
      /admin-x\.js: lazy imports depend on assets\/lazy\.css/,
    );
  });

  it('leaves a chunk without lazy dependencies unchanged', () => {
    const code = 'import{a}from"./index-A.js";export const b=a;\n';
    expect(withoutSheetDeps(code, SHEETS, 'admin-y.js')).toBe(code);
  });
});
