/**
 * The server renderer's HTML as HTML is written (docs/product.md §17, html-validate on every rendered page). React
 * writes some attributes as their DOM property is spelt (dateTime, noValidate, autoComplete, readOnly) and every
 * boolean attribute with an empty value (novalidate=""); a browser reads both the same, but the markup should be what
 * the standard writes: lower-case names, booleans bare. Attribute names of HTML elements are case-insensitive and a
 * boolean attribute is on when present, so the page the browser builds (and hydrates) is the same element for
 * element. SVG (and MathML) keep their names as written: their case matters there (viewBox).
 */

/** An element's start or end tag. React escapes '>' inside attribute values, so a tag ends at its first '>'. */
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g;
/** One attribute and its value, if any. */
const ATTRIBUTE_RE = /(\s+)([^\s=/>]+)(=(?:"[^"]*"|'[^']*'|[^\s>]+))?/g;
const FOREIGN = new Set(['svg', 'math']);
/** HTML's boolean attributes (the ones React renders). */
const BOOLEAN = new Set([
  'allowfullscreen',
  'async',
  'autofocus',
  'autoplay',
  'checked',
  'controls',
  'default',
  'defer',
  'disabled',
  'formnovalidate',
  'hidden',
  'inert',
  'itemscope',
  'loop',
  'multiple',
  'muted',
  'nomodule',
  'novalidate',
  'open',
  'playsinline',
  'readonly',
  'required',
  'reversed',
  'selected',
]);

function tidyAttributes(attributes: string): string {
  return attributes.replace(ATTRIBUTE_RE, (whole, space: string, name: string, value: string | undefined) => {
    const lower = name.toLowerCase();
    if (BOOLEAN.has(lower) && (value === '=""' || value === undefined)) return `${space}${lower}`;
    return `${space}${lower}${value ?? ''}`;
  });
}

export function tidyHtml(html: string): string {
  let foreignDepth = 0;
  return html.replace(TAG_RE, (tag, slash: string, name: string, rest: string) => {
    const lower = name.toLowerCase();
    if (FOREIGN.has(lower)) {
      // Self-closing <svg/> opens nothing.
      if (slash) foreignDepth = Math.max(0, foreignDepth - 1);
      else if (!rest.trimEnd().endsWith('/')) foreignDepth++;
      return tag;
    }
    if (foreignDepth > 0 || slash) return tag;
    return `<${name}${tidyAttributes(rest)}>`;
  });
}
