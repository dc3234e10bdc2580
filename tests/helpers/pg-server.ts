/**
 * Throw-away real PostgreSQL server for tests.
 *
 * Starts a private cluster in a fresh temp dir (initdb + pg_ctl), listening on a
 * free 127.0.0.1 port, trust auth, superuser `app`, with durability switched
 * off for speed. `stop()` kills it (immediate mode) and removes the temp dir.
 *
 * PostgreSQL refuses to run as root; when this process is root (CI) every
 * PostgreSQL binary is run as the `postgres` OS user via `runuser` (or, if
 * `runuser` is missing, via Node's uid/gid spawn options) and the temp dir is
 * chowned to that user.
 *
 * Layout of the temp dir (BASE):
 *   BASE/data      data directory (created by initdb)
 *   BASE/log.txt   server log (pg_ctl -l)
 *   BASE/.s.PGSQL.<port>  unix socket (-k BASE)
 */
import { execFile, execFileSync, type ExecFileOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export interface PgServer {
  url: string;
  host: string;
  port: number;
  version: string;
  stop(): Promise<void>;
  /** Stops the server (pg_ctl stop -m fast), keeping its data dir and port: the database is down. */
  pause(): Promise<void>;
  /** Starts a paused server again on the same port with the same data. */
  resume(): Promise<void>;
}

export interface PgBinaries {
  initdb: string;
  pgCtl: string;
  postgres: string;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function whichSync(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * Locate initdb / pg_ctl / postgres. Looks in $PG_BIN_DIR (if set), then PATH,
 * then the usual Debian/Ubuntu location. Returns null when not installed.
 */
export function findPgBinaries(): PgBinaries | null {
  const dirs: string[] = [];
  if (process.env.PG_BIN_DIR) dirs.push(process.env.PG_BIN_DIR);
  const fromDirs = (name: string): string | null => {
    for (const d of dirs) {
      const c = path.join(d, name);
      if (isExecutable(c)) return c;
    }
    return null;
  };
  const find = (name: string): string | null =>
    fromDirs(name) ??
    whichSync(name) ??
    (isExecutable(`/usr/lib/postgresql/15/bin/${name}`) ? `/usr/lib/postgresql/15/bin/${name}` : null);

  const initdb = find('initdb');
  const pgCtl = find('pg_ctl');
  const postgres = find('postgres');
  if (!initdb || !pgCtl || !postgres) return null;
  return { initdb, pgCtl, postgres };
}

// ---------------------------------------------------------------------------
// Running commands (as `postgres` when we are root)

interface RunAs {
  /** Wraps a command so that it runs as the right OS user. */
  wrap(cmd: string, args: string[]): { file: string; args: string[]; opts: ExecFileOptions };
  uid: number | null;
  gid: number | null;
}

function makeRunAs(cwd: string): RunAs {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const baseOpts: ExecFileOptions = { cwd, env: { ...process.env, LC_ALL: 'C' }, maxBuffer: 16 * 1024 * 1024 };
  if (!isRoot) {
    return { uid: null, gid: null, wrap: (cmd, args) => ({ file: cmd, args, opts: baseOpts }) };
  }
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch (err) {
    throw new Error(
      'pg-server: running as root, but there is no `postgres` OS user to run PostgreSQL as ' +
        `(PostgreSQL refuses to run as root): ${(err as Error).message}`,
      { cause: err },
    );
  }
  const runuser = whichSync('runuser') ?? (isExecutable('/usr/sbin/runuser') ? '/usr/sbin/runuser' : null);
  if (runuser) {
    return {
      uid,
      gid,
      wrap: (cmd, args) => ({ file: runuser, args: ['-u', 'postgres', '--', cmd, ...args], opts: baseOpts }),
    };
  }
  return { uid, gid, wrap: (cmd, args) => ({ file: cmd, args, opts: { ...baseOpts, uid, gid } }) };
}

function readTail(file: string, lines = 30): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n').trim();
  } catch {
    return '(no log file)';
  }
}

function describeExecError(err: unknown): string {
  const e = err as { message?: string; stderr?: string | Buffer; stdout?: string | Buffer };
  const stderr = String(e.stderr ?? '').trim();
  const stdout = String(e.stdout ?? '').trim();
  return [e.message?.split('\n')[0], stderr && `stderr:\n${stderr}`, stdout && `stdout:\n${stdout}`]
    .filter(Boolean)
    .join('\n');
}

function rmrf(dir: string): void {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    /* ignore */
  }
}

// ---------------------------------------------------------------------------
// Last-resort cleanup if the process exits without stop()

const liveServers = new Map<string, () => void>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const stopSync of [...liveServers.values()]) {
      try {
        stopSync();
      } catch {
        /* best effort */
      }
    }
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('pg-server: could not pick a free port'))));
    });
  });
}

export async function startPgServer(opts: { log?: (line: string) => void } = {}): Promise<PgServer> {
  const log = opts.log ?? (() => {});
  const bins = findPgBinaries();
  if (!bins) {
    throw new Error(
      'pg-server: PostgreSQL binaries (initdb, pg_ctl, postgres) not found on PATH ' +
        '(or in $PG_BIN_DIR / /usr/lib/postgresql/15/bin)',
    );
  }

  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pgtest-'));
  const dataDir = path.join(base, 'data');
  const logFile = path.join(base, 'log.txt');
  const host = '127.0.0.1';
  const user = 'app';

  let runAs: RunAs;
  try {
    runAs = makeRunAs(base);
    if (runAs.uid !== null && runAs.gid !== null) fs.chownSync(base, runAs.uid, runAs.gid);
  } catch (err) {
    rmrf(base);
    throw err;
  }

  // initdb
  const t0 = Date.now();
  {
    const c = runAs.wrap(bins.initdb, [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      user,
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    try {
      await execFileAsync(c.file, c.args, c.opts);
    } catch (err) {
      const msg =
        `pg-server: initdb failed (${[c.file, ...c.args].join(' ')})\n${describeExecError(err)}\n` +
        `log tail (${logFile}):\n${readTail(logFile)}`;
      rmrf(base);
      throw new Error(msg, { cause: err });
    }
  }
  log(`pg-server: initdb done in ${Date.now() - t0} ms (${dataDir})`);

  let stopped = false;
  const stopArgs = (): { file: string; args: string[]; opts: ExecFileOptions } =>
    runAs.wrap(bins.pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  const stopSync = (): void => {
    if (stopped) return;
    stopped = true;
    liveServers.delete(base);
    const c = stopArgs();
    try {
      execFileSync(c.file, c.args, { ...c.opts, stdio: 'ignore' } as Parameters<typeof execFileSync>[2]);
    } catch {
      /* ignore: maybe not running */
    }
    rmrf(base);
  };
  installExitHook();
  liveServers.set(base, stopSync);

  const startArgs = (onPort: number) => {
    const serverOpts = [
      `-c listen_addresses=${host}`,
      `-p ${onPort}`,
      `-k '${base}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    return runAs.wrap(bins.pgCtl, ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', serverOpts, 'start']);
  };

  // pg_ctl start, retrying a couple of times if the chosen port got taken meanwhile
  let port = 0;
  const t1 = Date.now();
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    const c = startArgs(port);
    try {
      await execFileAsync(c.file, c.args, c.opts);
      break;
    } catch (err) {
      const tail = readTail(logFile);
      if (attempt < 3 && /could not bind|address already in use/i.test(tail)) {
        log(`pg-server: port ${port} was taken, retrying`);
        continue;
      }
      stopSync();
      throw new Error(
        `pg-server: pg_ctl start failed (${[c.file, ...c.args].join(' ')})\n${describeExecError(err)}\n` +
          `log tail (${logFile}):\n${tail}`,
        { cause: err },
      );
    }
  }
  log(`pg-server: started on ${host}:${port} in ${Date.now() - t1} ms`);

  const url = `postgres://${user}@${host}:${port}/postgres`;

  let version: string;
  try {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const r = await client.query<{ version: string }>('SELECT version() AS version');
      const full = r.rows[0]?.version ?? '';
      version = /^PostgreSQL \S+/.exec(full)?.[0] ?? full;
    } finally {
      await client.end();
    }
  } catch (err) {
    const tail = readTail(logFile);
    stopSync();
    throw new Error(`pg-server: server started but query failed: ${(err as Error).message}\nlog tail:\n${tail}`, {
      cause: err,
    });
  }
  log(`pg-server: ${version} at ${url}`);

  let stopPromise: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    if (stopPromise) return stopPromise;
    stopPromise = (async () => {
      if (stopped) return;
      stopped = true;
      liveServers.delete(base);
      const c = stopArgs();
      try {
        await execFileAsync(c.file, c.args, c.opts);
      } catch (err) {
        log(`pg-server: pg_ctl stop failed (ignored): ${describeExecError(err)}`);
      }
      rmrf(base);
      log(`pg-server: stopped ${host}:${port}`);
    })();
    return stopPromise;
  };

  const pgCtl = async (what: string, c: { file: string; args: string[]; opts: ExecFileOptions }) => {
    if (stopped) throw new Error(`pg-server: cannot ${what} a server that was stopped`);
    try {
      await execFileAsync(c.file, c.args, c.opts);
    } catch (err) {
      throw new Error(`pg-server: pg_ctl ${what} failed\n${describeExecError(err)}\nlog tail:\n${readTail(logFile)}`, {
        cause: err,
      });
    }
    log(`pg-server: ${what} ${host}:${port}`);
  };
  // Fast mode: sessions are ended (clients see 57P01 / a closed socket), the data stays.
  const pause = () => pgCtl('pause', runAs.wrap(bins.pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']));
  const resume = () => pgCtl('resume', startArgs(port));

  return { url, host, port, version, stop, pause, resume };
}
