/**
 * The import graph of src/server by layer (docs/decisions/017-server-layers.md): how many imports run
 * between the layers, every upward one, and the two-way pairs and cycles among the feature modules'
 * folders. Reads the files as text (TypeScript's preProcessFile), so it measures any checkout.
 *
 *   npx tsx scripts/import-graph.ts [dir]   (dir: a checkout of the repository; default this one)
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

type Layer = 'top' | 'module' | 'infra' | 'shared' | 'tests' | 'client';

/** Lower numbers sit lower: an import may only point to its own rank or a lower one. */
const RANK: Record<Layer, number> = { shared: 0, infra: 1, module: 2, top: 3, tests: 4, client: 4 };

/** The start-up wiring: what starts the process and plugs the modules into it. */
const TOP_FILES = new Set(['main.ts', 'app.ts', 'jobs.ts', 'prepare.ts']);
const TOP_DIRS = ['cli/', 'startup/'];

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

interface Edge {
  from: string;
  to: string;
}

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const serverDir = path.join(root, 'src/server');
const sharedDir = path.join(root, 'src/shared');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file an import names, or null for a package (relative paths and the @shared alias only). */
function resolveImport(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@shared/')) base = path.join(sharedDir, specifier.slice('@shared/'.length));
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base.replace(/\.js$/, '') + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? base;
}

function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap(({ fileName }) => {
    const target = resolveImport(file, fileName);
    return target ? [target] : [];
  });
}

function layerOf(file: string): Layer {
  const r = rel(file);
  if (r.startsWith('src/shared/')) return 'shared';
  if (r.startsWith('src/client/')) return 'client';
  if (!r.startsWith('src/server/')) return 'tests';
  const inServer = r.slice('src/server/'.length);
  if (inServer.startsWith('modules/')) return 'module';
  if (TOP_FILES.has(inServer) || TOP_DIRS.some((dir) => inServer.startsWith(dir))) return 'top';
  return 'infra';
}

/** What the walk counts as a folder: src/shared, modules/<area>, a folder of src/server, or src/server itself. */
function folderOf(file: string): string {
  const r = rel(file);
  if (r.startsWith('src/shared/')) return 'src/shared';
  const inServer = /^src\/server\/(modules\/[^/]+|[^/]+)\//.exec(r);
  return inServer ? inServer[1]! : path.posix.dirname(r);
}

const moduleOf = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(rel(file))?.[1] ?? null;
const isTest = (file: string) => /\.(test|fixture)\.tsx?$/.test(file);

function countByLayerPair(edges: Edge[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { from, to } of edges) {
    const key = `${layerOf(from)} -> ${layerOf(to)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

const isUpward = ({ from, to }: Edge) => RANK[layerOf(to)] > RANK[layerOf(from)];

/** Folder -> folders it imports, among src/server/modules/*. */
function moduleGraph(edges: Edge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (!a || !b || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  return graph;
}

/** Strongly connected components with more than one folder: the folder cycles (Tarjan). */
function folderCycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

/**
 * A depth-first walk from one file through src/server and src/shared, each import followed once.
 * A return is an import into a folder the walk left earlier on its current path (the folder is on
 * the path, but not the importing file's own).
 */
function walkFrom(start: string, importsByFile: Map<string, string[]>) {
  const seen = new Set<string>([start]);
  let returns = 0;
  const trail: string[] = [];
  const step = (file: string) => {
    trail.push(folderOf(file));
    for (const next of importsByFile.get(file) ?? []) {
      const folder = folderOf(next);
      if (folder !== folderOf(file) && trail.includes(folder)) returns++;
      if (seen.has(next) || !importsByFile.has(next)) continue;
      seen.add(next);
      step(next);
    }
    trail.pop();
  };
  step(start);
  const serverFiles = [...seen].filter((file) => file.startsWith(serverDir + path.sep)).length;
  return { files: seen.size, serverFiles, returns };
}

function report(title: string, edges: Edge[]): void {
  console.log(`\n## ${title}: ${edges.length} imports between files`);
  console.log('\nImports by layer pair (from -> to):');
  for (const [pair, count] of countByLayerPair(edges)) console.log(`  ${pair.padEnd(20)} ${count}`);
  const upward = edges.filter(isUpward);
  console.log(`\nUpward imports (${upward.length}):`);
  for (const { from, to } of upward) console.log(`  ${rel(from)} -> ${rel(to)}  [${layerOf(from)} -> ${layerOf(to)}]`);
  const graph = moduleGraph(edges);
  const pairs = [...graph].flatMap(([a, targets]) =>
    [...targets].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
  );
  console.log(`\nTwo-way module folder pairs (${pairs.length}):`);
  for (const pair of pairs) console.log(`  ${pair}`);
  const cycles = folderCycles(graph);
  console.log(`\nModule folder cycles (${cycles.length}):`);
  for (const cycle of cycles) console.log(`  ${cycle.join(', ')}`);
}

const files = [...sourceFiles(serverDir), ...(fs.existsSync(sharedDir) ? sourceFiles(sharedDir) : [])];
const importsByFile = new Map(files.map((file) => [file, importsOf(file)]));
const edgesOf = (keep: (file: string) => boolean): Edge[] =>
  [...importsByFile]
    .filter(([file]) => file.startsWith(serverDir + path.sep) && keep(file))
    .flatMap(([from, targets]) => targets.map((to) => ({ from, to })));

console.log(`# Import graph of ${rel(serverDir)} in ${root}`);
console.log('Layers: top = main.ts, app.ts, jobs.ts, prepare.ts, cli/; module = modules/*;');
console.log('infra = every other src/server file; shared = src/shared; tests = tests/.');
report(
  'Production files',
  edgesOf((file) => !isTest(file)),
);
report('Unit tests and fixtures beside the code (*.test.ts, *.fixture.ts)', edgesOf(isTest));

const routeCheck = path.join(serverDir, 'modules/bookings/route-check.ts');
if (fs.existsSync(routeCheck)) {
  const walk = walkFrom(routeCheck, importsByFile);
  console.log("\n## Checking one booking's route (modules/bookings/route-check.ts)");
  console.log(`  files reached: ${walk.files} (${walk.serverFiles} in src/server)`);
  console.log(`  imports back into a folder the walk had left: ${walk.returns}`);
}

/** The module order of decision 017 as Markdown: each module, lowest first, with the modules it imports directly. */
function moduleTable(edges: Edge[]): string[] {
  const graph = moduleGraph(edges);
  const modules = fs.readdirSync(path.join(serverDir, 'modules')).filter((m) => !m.includes('.'));
  const depth = new Map<string, number>();
  const depthOf = (m: string, path: string[] = []): number => {
    if (depth.has(m)) return depth.get(m)!;
    if (path.includes(m)) return 0; // a cycle: reported above
    const d = Math.max(-1, ...[...(graph.get(m) ?? [])].map((n) => depthOf(n, [...path, m]))) + 1;
    depth.set(m, d);
    return d;
  };
  const names = (list: Iterable<string>) =>
    [...list]
      .sort()
      .map((m) => `\`${m}\``)
      .join(', ') || 'none';
  const rows = modules
    .sort((a, b) => depthOf(a) - depthOf(b) || a.localeCompare(b))
    .map((m) => {
      const importers = modules.filter((n) => graph.get(n)?.has(m));
      return `| \`${m}\` | ${names(graph.get(m) ?? [])} | ${names(importers)} |`;
    });
  return ['| Module | Imports modules | Imported by |', '| --- | --- | --- |', ...rows];
}

console.log('\n## Module order (production files; the table of docs/decisions/017-server-layers.md)\n');
for (const line of moduleTable(edgesOf((file) => !isTest(file)))) console.log(line);
