// The built stylesheet indexed by the class names each of its rules needs (decision 029), written by
// scripts/build.mjs to dist/ssr/stylesheet-index.json. At render time src/server/http/critical-css.ts keeps only
// the rules whose classes the server-rendered HTML holds, so her client page inlines ~a fifth of the stylesheet and
// its HTML fits the first TCP window; the full sheet is loaded after the first paint.
//
// The index is the stylesheet's own tree, in its order, so that the rules kept keep their cascade:
//   { css }                       always kept (preflight, :root and .dark variables, @layer order, ...)
//   { css, needs: [[a, b], [c]] } kept when, for one of the lists, every class is in the HTML
//   { open, close, nodes }        an at-rule around rules (@layer, @media, @supports): written when one child is kept
//                                 (a @layer always, even empty, so that the layers' order stays the sheet's)
// @keyframes and @property need what the rules naming them need: the union of those rules' lists.
// Parsed with PostCSS (Vite's own dependency, already used by its CSS pipeline).
import postcss from 'postcss';

/** Classes toggled on <html> by the theme (src/client/lib/theme.tsx): present in every page as far as CSS goes. */
export const ALWAYS_PRESENT = ['dark'];

/** A selector's class names, unescaped; those under :not() are left out (their absence is what matches). */
export function selectorClasses(selector) {
  const withoutNot = stripNot(selector);
  const classes = new Set();
  for (const match of withoutNot.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F\n]|[\w-]|[^\p{ASCII}])+)/gu)) {
    const name = unescapeCss(match[1]);
    if (!ALWAYS_PRESENT.includes(name)) classes.add(name);
  }
  return [...classes];
}

/** The selector without its :not(...) parts (nested parentheses included). */
function stripNot(selector) {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(':not(', i) && selector[i - 1] !== '\\') {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j++) {
        if (selector[j] === '\\') j++;
        else if (selector[j] === '(') depth++;
        else if (selector[j] === ')' && --depth === 0) break;
      }
      i = j + 1;
    } else out += selector[i++];
  }
  return out;
}

function unescapeCss(text) {
  return text.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex, char) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
  );
}

/** A comma-separated selector list split at its top level (not inside :is(), :where() or [attr=","]). */
function splitSelectors(selector) {
  const parts = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') i++;
    else if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts.map((s) => s.trim());
}

/** What a rule needs: null when one of its selectors names no class (it may match any page), else its lists. */
function ruleNeeds(selector) {
  const lists = [];
  for (const part of splitSelectors(selector)) {
    const classes = selectorClasses(part);
    if (classes.length === 0) return null;
    lists.push(classes);
  }
  return lists;
}

/** Union of two needs (null = always), each list once. */
function unionNeeds(a, b) {
  if (a === null || b === null) return null;
  const lists = new Map([...a, ...b].map((list) => [list.join(' '), list]));
  return [...lists.values()];
}

/** Minified CSS of a node (the built sheet is minified already; PostCSS keeps its raws). */
const text = (node) => node.toString().trim();

/** @returns {{ nodes: object[] }} the index of a built stylesheet's text. */
export function indexStylesheet(css) {
  const root = postcss.parse(css);
  // Names that @keyframes and @property rules answer to, with what the rules using them need (filled below).
  const dependents = [];
  const rulesText = []; // [needs, declarations text] of every style rule, to find who names a keyframe or property

  // Inside @layer properties: the fallback of @property for older browsers names every variable; it is kept as a whole
  // and must not make every @property needed.
  function visit(container, inPropertiesLayer = false, inThemeLayer = false) {
    const nodes = [];
    for (const node of container.nodes ?? []) {
      if (node.type === 'comment') continue;
      if (
        node.type === 'rule' &&
        inThemeLayer &&
        node.nodes.every((d) => d.type === 'decl' && d.prop.startsWith('--'))
      ) {
        // Tailwind's theme variables (:root,:host{--color-red-50:...}), each kept when a kept rule uses it.
        const declarations = node.nodes.map((d) => {
          const entry = { css: `${d.toString()};`, needs: [] };
          dependents.push([new RegExp(`${escapeRegExp(d.prop)}(?![\\w-])`), entry]);
          rulesText.push([entry, d.value]);
          return entry;
        });
        nodes.push({ open: `${node.selector}{`, close: '}', nodes: declarations });
      } else if (node.type === 'rule') {
        const needs = ruleNeeds(node.selector);
        if (!inPropertiesLayer) rulesText.push([{ needs }, node.nodes.map(String).join(';')]);
        nodes.push(needs ? { css: text(node), needs } : { css: text(node) });
      } else if (node.type === 'atrule' && node.name === 'keyframes') {
        const entry = { css: text(node), needs: [] };
        dependents.push([new RegExp(`(?:^|[\\s:,])${escapeRegExp(node.params)}(?:$|[\\s;,])`), entry]);
        nodes.push(entry);
      } else if (node.type === 'atrule' && node.name === 'property') {
        const entry = { css: text(node), needs: [] };
        dependents.push([new RegExp(`${escapeRegExp(node.params)}(?![\\w-])`), entry]);
        nodes.push(entry);
      } else if (node.type === 'atrule' && node.nodes && /^(layer|media|supports|container)$/.test(node.name)) {
        const open = `@${node.name}${node.raws.afterName ?? ' '}${node.params}${node.raws.between ?? ''}{`;
        const group = {
          open,
          close: '}',
          nodes: visit(
            node,
            inPropertiesLayer || (node.name === 'layer' && node.params === 'properties'),
            inThemeLayer || (node.name === 'layer' && node.params === 'theme'),
          ),
        };
        if (node.name === 'layer') group.keep = true;
        nodes.push(group);
      } else {
        // @layer a,b; @font-face, @import, @charset, anything else: always kept. A statement's ';' is not part of
        // PostCSS's text of it.
        const css = text(node);
        nodes.push({ css: node.type === 'atrule' && !node.nodes && !css.endsWith(';') ? `${css};` : css });
      }
    }
    return nodes;
  }

  const nodes = visit(root);
  // A theme variable can be named by another (--animate-spin names the keyframes spin, --default-font-family names
  // --font-sans): repeated until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const [pattern, entry] of dependents) {
      if (entry.needs === null) continue;
      for (const [user, declarations] of rulesText) {
        if (user === entry || !pattern.test(declarations)) continue;
        const needs = unionNeeds(entry.needs, user.needs ?? null);
        if (needs === null || needs.length !== entry.needs.length) changed = true;
        entry.needs = needs;
        if (needs === null) break;
      }
    }
  }
  for (const [, entry] of dependents) if (entry.needs === null) delete entry.needs;
  return { nodes };
}

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
