// Types of scripts/stylesheet-index.mjs for the TypeScript that imports it (its unit test).
import type { StylesheetIndex } from '../src/server/http/critical-css';

export const ALWAYS_PRESENT: string[];
export function selectorClasses(selector: string): string[];
export function indexStylesheet(css: string): StylesheetIndex;
