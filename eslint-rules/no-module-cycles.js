// Fails an import from one feature module's folder into another's when that other folder already
// imports the first, directly or through others: the modules' folders must form a graph without
// cycles (docs/decisions/017-server-layers.md). import-x/no-cycle sees only cycles between files.
//
// The folder graph is read from disk once per lint run (per modules directory), with TypeScript's
// own import scanner; relative specifiers and path aliases (e.g. @shared/) are resolved.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

/** modulesDir -> Map(folder -> Map(imported folder -> an example 'file -> specifier')) */
const graphs = new Map();

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The absolute path an import names (no extension needed: only its folder counts), or null for a package. */
function resolveSpecifier(fromFile, specifier, aliases) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  for (const [prefix, target] of Object.entries(aliases)) {
    if (specifier.startsWith(prefix)) return path.join(target, specifier.slice(prefix.length));
  }
  return null;
}

/** The module folder a path lies in (its first segment under modulesDir), or null outside the modules. */
function folderOf(file, modulesDir) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [folder, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? folder : null;
}

function folderGraph(modulesDir, aliases) {
  const cached = graphs.get(modulesDir);
  if (cached) return cached;
  const graph = new Map();
  const files = fs.existsSync(modulesDir) ? sourceFiles(modulesDir) : [];
  for (const file of files) {
    const from = folderOf(file, modulesDir);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolveSpecifier(file, fileName, aliases);
      const to = target && folderOf(target, modulesDir);
      if (!from || !to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, path.relative(modulesDir, file).split(path.sep).join('/'));
    }
  }
  graphs.set(modulesDir, graph);
  return graph;
}

/** The folders from `start` to `goal` (both included), or null when `goal` cannot be reached. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const trail = [];
      for (let at = goal; at !== null; at = cameFrom.get(at)) trail.unshift(at);
      return trail;
    }
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, folder);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Feature module folders must not import each other in a cycle' },
    schema: [
      {
        type: 'object',
        properties: {
          modulesDir: { type: 'string' },
          aliases: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'modules/{{from}} imports modules/{{to}}, but modules/{{to}} already depends on modules/{{from}} ' +
        '({{trail}}, e.g. {{example}}): two modules may not import each other. Move what both need into a ' +
        "lower module that both import (as modules/visits holds the day's visits), or pass it in from app.ts.",
    },
  },
  create(context) {
    const { modulesDir: dirOption, aliases: aliasOption = {} } = context.options[0];
    const modulesDir = path.resolve(context.cwd, dirOption);
    const aliases = Object.fromEntries(
      Object.entries(aliasOption).map(([prefix, target]) => [prefix, path.resolve(context.cwd, target)]),
    );
    const file = context.physicalFilename;
    const from = folderOf(file, modulesDir);
    if (!from) return {};

    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(file, source.value, aliases);
      const to = target && folderOf(target, modulesDir);
      if (!to || to === from) return;
      const graph = folderGraph(modulesDir, aliases);
      const back = pathBetween(graph, to, from);
      if (!back) return;
      const example = graph.get(back[back.length - 2])?.get(from) ?? '';
      context.report({
        node: source,
        messageId: 'cycle',
        data: { from, to, trail: back.map((f) => `modules/${f}`).join(' -> '), example },
      });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};

export default { rules: { 'no-module-cycles': rule } };
