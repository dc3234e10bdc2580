// The folder-cycle rule on a small tree of modules written to a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import plugin from './no-module-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'no-module-cycles-'));
const modulesDir = path.join(root, 'modules');
const sharedDir = path.join(root, 'shared');

/** Writes modules/<file> with one import line per specifier. */
function write(file, imports) {
  const full = path.join(modulesDir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, imports.map((specifier) => `import '${specifier}';\n`).join(''));
}

// a <-> b: a two-way pair.
write('a/one.ts', ['../b/one']);
write('b/one.ts', ['./two', '../a/one']);
write('b/two.ts', []);
// c -> d -> e -> c: a cycle of three folders (e reaches c through the alias).
write('c/one.ts', ['../d/one']);
write('d/one.ts', ['../e/one']);
write('e/one.ts', ['@modules/c/one']);
// f -> g -> h, f -> h: a graph without cycles.
write('f/one.ts', ['../g/one', '../h/one']);
write('g/one.ts', ['../h/one', '@shared/time']);
write('h/one.ts', ['@shared/time']);
fs.mkdirSync(sharedDir, { recursive: true });
fs.writeFileSync(path.join(sharedDir, 'time.ts'), '');

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const options = [{ modulesDir, aliases: { '@modules/': modulesDir, '@shared/': sharedDir } }];
const at = (file) => path.join(modulesDir, file);
const ruleTester = new RuleTester();

ruleTester.run('no-module-cycles', plugin.rules['no-module-cycles'], {
  valid: [
    {
      name: 'a DAG: f imports g and h',
      filename: at('f/one.ts'),
      code: "import '../g/one'; import '../h/one';",
      options,
    },
    { name: 'down the DAG again', filename: at('g/one.ts'), code: "import { x } from '../h/one';", options },
    { name: 'inside its own folder', filename: at('b/one.ts'), code: "import './two';", options },
    { name: 'src/shared through the alias', filename: at('h/one.ts'), code: "import '@shared/time';", options },
    {
      name: 'a file outside the modules',
      filename: path.join(root, 'app.ts'),
      code: "import './modules/a/one';",
      options,
    },
  ],
  invalid: [
    {
      name: 'two modules importing each other (a -> b)',
      filename: at('a/one.ts'),
      code: "import '../b/one';",
      options,
      errors: [
        { messageId: 'cycle', data: { from: 'a', to: 'b', trail: 'modules/b -> modules/a', example: 'b/one.ts' } },
      ],
    },
    {
      name: 'two modules importing each other (b -> a, re-exported)',
      filename: at('b/one.ts'),
      code: "export { x } from '../a/one';",
      options,
      errors: [{ messageId: 'cycle' }],
    },
    {
      name: 'a cycle of three folders',
      filename: at('c/one.ts'),
      code: "import { d } from '../d/one';",
      options,
      errors: [
        {
          messageId: 'cycle',
          data: { from: 'c', to: 'd', trail: 'modules/d -> modules/e -> modules/c', example: 'e/one.ts' },
        },
      ],
    },
    {
      name: 'a new import that would close a cycle (h -> f), through the alias',
      filename: at('h/one.ts'),
      code: "import '@modules/f/one';",
      options,
      errors: [{ messageId: 'cycle' }],
    },
    {
      name: 'a dynamic import counts too',
      filename: at('e/one.ts'),
      code: "await import('../c/one');",
      options,
      errors: [{ messageId: 'cycle' }],
    },
  ],
});
