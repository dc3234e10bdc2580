// What the Lighthouse benches (pages.mjs, client-page.mjs) share: the build when stale, under the
// build lock, and the median.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { root } from '../tests/e2e/harness.mjs';

const LOCK = '/tmp/hv-build.lock';

/** Builds when stale, holding the build lock other builders (e2e, screenshots) hold too. */
export function build() {
  // `--no-build`: measure dist/ as it is (e.g. while an e2e run holds the lock on a fresh build).
  if (process.argv.includes('--no-build')) return;
  const script = path.join(root, 'scripts/build.mjs');
  try {
    execFileSync('flock', [LOCK, process.execPath, script], { cwd: root, stdio: 'inherit' });
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    execFileSync(process.execPath, [script], { cwd: root, stdio: 'inherit' });
  }
}

/** The median of the values that are not null; null when there are none. */
export function median(values) {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The load averages, '0.41 1.04 1.66'. */
export const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
