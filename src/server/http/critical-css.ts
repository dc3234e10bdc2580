/**
 * Critical CSS (decision 029): a server-rendered page inlines only the stylesheet's rules its HTML can use, so her
 * client page's HTML fits the first TCP window; the full sheet is loaded after the first paint, before the page
 * hydrates (server-render.ts). The stylesheet was indexed at build time (scripts/stylesheet-index.mjs, written to
 * dist/ssr/stylesheet-index.json); here the classes of the rendered HTML pick the rules.
 *
 * Only the index's own text is ever written out: the page's classes (which could hold her client's text only if a
 * component put it in a class, which none does) are looked up, never copied.
 */
import fs from 'node:fs';
import path from 'node:path';

/** A rule or other at-rule: written when `needs` is absent, or when every class of one of its lists is present. */
export interface CssLeaf {
  css: string;
  needs?: string[][];
}
/** @layer, @media, @supports around rules: written when one child is (a @layer always: it fixes the layer order). */
export interface CssGroup {
  open: string;
  close: string;
  keep?: boolean;
  nodes: CssNode[];
}
export type CssNode = CssLeaf | CssGroup;
export interface StylesheetIndex {
  nodes: CssNode[];
}

/** The index the build wrote beside the server renderer; null when absent or unreadable (the full sheet is inlined). */
export function loadStylesheetIndex(clientDir: string): StylesheetIndex | null {
  const file = path.join(clientDir, '..', 'ssr', 'stylesheet-index.json');
  try {
    const index = JSON.parse(fs.readFileSync(file, 'utf8')) as StylesheetIndex;
    return Array.isArray(index.nodes) ? index : null;
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

/** The class names in an HTML text's class attributes (as React writes them: double quotes, entities escaped). */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name]!);
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The stylesheet's text for a set of classes, in the sheet's order. */
export function selectCss(index: StylesheetIndex, classes: ReadonlySet<string>): string {
  const needed = (needs: string[][] | undefined) =>
    needs === undefined || needs.some((list) => list.every((name) => classes.has(name)));
  const write = (nodes: CssNode[]): string => {
    let out = '';
    for (const node of nodes) {
      if ('nodes' in node) {
        const inner = write(node.nodes);
        if (inner || node.keep) out += node.open + inner + node.close;
      } else if (needed(node.needs)) out += node.css;
    }
    return out;
  };
  // A '</style' inside the CSS (never written by Tailwind) would end the element early.
  return write(index.nodes).replace(/<\/(style)/gi, '<\\/$1');
}

/** Pages with the same classes (her client page, mostly) get the same CSS: kept for the last few class sets. */
const CACHE_SIZE = 32;

/** The inline CSS for a rendered page's HTML, cached per class set. */
export function criticalCss(index: StylesheetIndex): (html: string) => string {
  const cache = new Map<string, string>();
  return (html) => {
    const classes = htmlClasses(html);
    const key = [...classes].sort().join(' ');
    let css = cache.get(key);
    if (css === undefined) {
      css = selectCss(index, classes);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(key, css);
    } else {
      // Most recently used last, so the oldest is the one dropped.
      cache.delete(key);
      cache.set(key, css);
    }
    return css;
  };
}
