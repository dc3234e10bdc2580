// Types of scripts/page-weight.mjs for the TypeScript that imports it (tests/e2e/public-bundle.test.ts).
export type BudgetedPage = '/' | '/booking' | '/review';

export const BUDGETS_JS_GZIP: Record<BudgetedPage, number>;
export function firstLoadJs(clientDir: string): Record<BudgetedPage, { files: string[]; gzip: number }>;
export function describeFirstLoad(figures: Record<BudgetedPage, { files: string[]; gzip: number }>): string[];
