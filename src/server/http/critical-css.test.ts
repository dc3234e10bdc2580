/**
 * Decision 029: the build indexes the stylesheet by the classes each rule needs (scripts/stylesheet-index.mjs) and a
 * render keeps the rules its HTML's classes need (critical-css.ts). A sheet shaped like Tailwind 4's output, minified.
 */
import { describe, expect, it } from 'vitest';
import { indexStylesheet, selectorClasses } from '../../../scripts/stylesheet-index.mjs';
import { criticalCss, htmlClasses, selectCss } from './critical-css';

const SHEET = [
  '@layer properties{@supports ((-webkit-hyphens:none)){*,:before,:after{--tw-font-weight:initial}}}',
  '@layer theme{:root,:host{--color-red-600:oklch(57.7% .245 27.325);--animate-spin:spin 1s linear infinite}}',
  '@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}}',
  '@layer components;',
  '@layer utilities{',
  '.flex{display:flex}',
  '.hidden{display:none}',
  '.font-semibold{--tw-font-weight:var(--font-weight-semibold);font-weight:600}',
  '.animate-spin{animation:var(--animate-spin)}',
  '.animate-bounce{animation:bounce 1s infinite}',
  '.text-red-600{color:var(--color-red-600)}',
  '.space-y-2>:not(:last-child){margin-bottom:.5rem}',
  '.hover\\:bg-primary\\/90:hover{background:red}',
  '@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}.hover\\:absent:hover{color:red}}',
  '@media (min-width:40rem){.sm\\:text-3xl{font-size:1.875rem}.sm\\:grid-cols-2{grid-template-columns:1fr 1fr}}',
  '.dark\\:text-red-300:where(.dark,.dark *){color:pink}',
  '.dark\\:bg-absent:where(.dark,.dark *){background:black}',
  '.group-\\[\\.destructive\\]\\:text-red-50:is(:where(.group).destructive *){color:white}',
  '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem;height:1rem}',
  '.a-not:not(.b-absent){color:blue}',
  '}',
  ':root{--background:white}.dark{--background:black}',
  '@property --tw-font-weight{syntax:"*";inherits:false}',
  '@property --tw-unused{syntax:"*";inherits:false}',
  '@keyframes bounce{50%{transform:translateY(-25%)}}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

const index = indexStylesheet(SHEET);
const css = (html: string) => selectCss(index, htmlClasses(html));

describe('selectorClasses', () => {
  it('unescapes class names and leaves out the theme class and what sits under :not()', () => {
    expect(selectorClasses('.sm\\:text-3xl')).toEqual(['sm:text-3xl']);
    expect(selectorClasses('.\\[\\&\\>svg\\]\\:size-4>svg')).toEqual(['[&>svg]:size-4']);
    expect(selectorClasses('.mt-0\\.5')).toEqual(['mt-0.5']);
    expect(selectorClasses('.dark\\:block:where(.dark,.dark *)')).toEqual(['dark:block']);
    expect(selectorClasses('.a:not(.b,:is(.c))>.d')).toEqual(['a', 'd']);
    expect(selectorClasses('.\\31 0x')).toEqual(['10x']);
  });
});

describe('critical CSS of a page', () => {
  const page = '<div class="flex font-semibold sm:text-3xl"><p class="hover:underline dark:text-red-300">x</p></div>';

  it('keeps the rules of the classes present and drops the others', () => {
    const out = css(page);
    expect(out).toContain('.flex{display:flex}');
    expect(out).toContain('.font-semibold{');
    expect(out).not.toContain('.hidden{');
    expect(out).not.toContain('.text-red-600');
    expect(out).not.toContain('.space-y-2');
    expect(out.length).toBeLessThan(SHEET.length * 0.6);
  });

  it('keeps what every page needs: layer order, preflight, :root and .dark variables', () => {
    const out = css('<p>no classes</p>');
    expect(out.startsWith('@layer properties{@supports ((-webkit-hyphens:none)){*,:before,:after{')).toBe(true);
    // Theme variables only when a kept rule uses them.
    expect(out).toContain('@layer theme{}');
    expect(css('<p class="text-red-600">x</p>')).toContain(
      '@layer theme{:root,:host{--color-red-600:oklch(57.7% .245 27.325);}}',
    );
    expect(out).toContain('@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}}');
    // The layers keep the sheet's order even empty, so the full sheet loaded later cascades the same.
    expect(out).toContain('@layer components;@layer utilities{}');
    expect(out).toContain(':root{--background:white}.dark{--background:black}');
  });

  it('writes a media query around the kept rules only, and not at all when none is kept', () => {
    const out = css(page);
    expect(out).toContain('@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}}');
    expect(out).toContain('@media (min-width:40rem){.sm\\:text-3xl{font-size:1.875rem}}');
    expect(css('<p class="flex">x</p>')).not.toContain('@media');
  });

  it('keeps a dark variant for a class present, whatever the theme (the class on <html> is set by a script)', () => {
    expect(css(page)).toContain('.dark\\:text-red-300:where(.dark,.dark *){color:pink}');
    expect(css(page)).not.toContain('dark\\:bg-absent');
  });

  it('reads classes as React writes them (entities) and needs every class of a compound selector', () => {
    expect(css('<svg class="[&amp;&gt;svg]:size-4"></svg>')).toContain('.\\[\\&\\>svg\\]\\:size-4>svg{');
    expect(css('<p class="group-[.destructive]:text-red-50">x</p>')).not.toContain('text-red-50');
    expect(css('<p class="group destructive"><b class="group-[.destructive]:text-red-50">x</b></p>')).toContain(
      '.group-\\[\\.destructive\\]\\:text-red-50',
    );
    // A class under :not() is not needed (its absence is what matches).
    expect(css('<p class="a-not">x</p>')).toContain('.a-not:not(.b-absent)');
  });

  it('keeps @keyframes, @property and theme variables only for the kept rules that use them', () => {
    expect(css(page)).toContain('@property --tw-font-weight');
    expect(css(page)).not.toContain('--tw-unused');
    expect(css(page)).not.toContain('@keyframes bounce');
    expect(css('<p class="animate-bounce">x</p>')).toContain('@keyframes bounce{');
    // Named by a theme variable that a kept rule names: kept with it.
    expect(css(page)).not.toContain('spin');
    const spin = css('<p class="animate-spin">x</p>');
    expect(spin).toContain('--animate-spin:spin 1s linear infinite;');
    expect(spin).toContain('@keyframes spin{');
  });

  it("leaves hostile class text inert: only the stylesheet's own text is written out", () => {
    const hostile =
      '<p class="flex </style><script>alert(1)</script> x{} *{display:none} &lt;/style&gt;">x</p>' +
      "<p class='\"><img src=x onerror=alert(1)>'>y</p>";
    const out = css(hostile);
    expect(out).not.toMatch(/<\/style|<script|alert|display:none\}|onerror/i);
    expect(out).toContain('.flex{display:flex}');
  });

  it('escapes a "</style" that a stylesheet could hold', () => {
    expect(selectCss(indexStylesheet('.flex{content:"</style>"}'), new Set(['flex']))).not.toMatch(/<\/style/i);
    const odd = { nodes: [{ css: '.flex{content:"</STYLE>"}', needs: [['flex']] }] };
    expect(selectCss(odd, new Set(['flex']))).toBe('.flex{content:"<\\/STYLE>"}');
  });

  it('gives the same text from its cache for the same classes in any order', () => {
    const forPage = criticalCss(index);
    const first = forPage(page);
    expect(forPage('<b class="sm:text-3xl flex dark:text-red-300 hover:underline font-semibold"></b>')).toBe(first);
    expect(forPage('<b class="flex"></b>')).not.toBe(first);
  });
});
