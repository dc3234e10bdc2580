/**
 * The built server and CLI (dist/server, esbuild), which the API tests that start a real process run, as `npm start`
 * and `npm run admin` do: a plain `node` start, without compiling TypeScript on the fly under tsx (seconds per start
 * on a loaded 2-core machine; issue 42). The API projects' global setup builds it when stale.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const BUILT_SERVER = path.resolve('dist/server/main.js');
export const BUILT_ADMIN_CLI = path.resolve('dist/server/admin-cli.js');

/** Builds dist/server when a source is newer than it (scripts/build.mjs decides; seconds when it does). */
export function buildServerWhenStale(): void {
  execFileSync(process.execPath, [path.resolve('scripts/build.mjs'), '--server-only'], { stdio: 'inherit' });
}
