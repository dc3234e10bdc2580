// Types of scripts/pwa-icons.mjs for the TypeScript that imports it (tests/api/logo-icons.test.ts).

/** Writes the admin app's icons into `<outDir>/admin/icons/`; answers the files written. */
export function writePwaIcons(outDir?: string): Promise<string[]>;
