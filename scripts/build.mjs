// Builds what is missing or stale: the client (Vite) into dist/client, its server renderer
// into dist/ssr, and the server (esbuild) into dist/server. `--force` rebuilds both; `--server-only` skips the client.
// Used by npm start and npm run build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
// The CLIs need only the server.
const serverOnly = process.argv.includes('--server-only');

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

function isStale(stampFile, inputs) {
  const stamp = path.join(root, stampFile);
  return force || !fs.existsSync(stamp) || fs.statSync(stamp).mtimeMs < newestMtime(inputs);
}

function touch(stampFile) {
  fs.writeFileSync(path.join(root, stampFile), new Date().toISOString() + '\n');
}

const clientInputs = [
  'src/client',
  'src/shared',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/pwa-icons.mjs',
  'scripts/admin-precache.ts',
  'scripts/mangle-names.ts',
];
if (!serverOnly && isStale('dist/client/.build-stamp', clientInputs)) {
  console.log('Building the client...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vite honours an inherited NODE_ENV: under Vitest (NODE_ENV=test) it would bundle React's
    // development build (3x larger, slower) and npm start would then serve it. Always production.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The server-rendering bundle of the public pages (src/client/entry-server.tsx), into dist/ssr.
  console.log('Building the server renderer...');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      path.join(root, 'src/client/entry-server.tsx'),
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  // The admin app's icons (decision 026), from one source image.
  const { writePwaIcons } = await import('./pwa-icons.mjs');
  await writePwaIcons(path.join(root, 'dist/client'));
  precompress(path.join(root, 'dist/client'));
  touch('dist/client/.build-stamp');
  // Decision 040: the public pages' first-load JS against their budgets (tests/e2e/public-bundle.test.ts fails when
  // over).
  const { describeFirstLoad, firstLoadJs } = await import('./page-weight.mjs');
  console.log('First-load JS of the public pages, gzip (scripts/page-weight.mjs):');
  console.log(describeFirstLoad(firstLoadJs(path.join(root, 'dist/client'))).join('\n'));
}

/** Brotli and gzip copies of the text assets, served by @fastify/static's preCompressed option. */
function precompress(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(js|css|svg|json|txt)$/.test(entry.name)) {
      const data = fs.readFileSync(file);
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

const serverInputs = ['src/server', 'src/shared', 'package-lock.json', 'scripts/build.mjs'];
if (isStale('dist/server/.build-stamp', serverInputs)) {
  console.log('Building the server...');
  const { build } = await import('esbuild');
  fs.rmSync(path.join(root, 'dist/server'), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'admin-cli': 'src/server/cli/admin-cli.ts',
      'migrate-cli': 'src/server/cli/migrate-cli.ts',
      'backup-cli': 'src/server/cli/backup-cli.ts',
      'restore-cli': 'src/server/cli/restore-cli.ts',
    },
    outdir: 'dist/server',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // migrate.ts finds its SQL files next to the running code.
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(root, 'dist/server/migrations'), {
    recursive: true,
  });
  touch('dist/server/.build-stamp');
}
