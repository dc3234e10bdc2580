// Prints one line `N passed, N failed, N skipped` from the JSON reports that
// `npm test` writes into test-results/ (Vitest now; Playwright too once it runs).
import fs from 'node:fs';

const reports = [
  {
    file: 'test-results/vitest.json',
    read: (r) => [r.numPassedTests, r.numFailedTests, r.numPendingTests + (r.numTodoTests ?? 0)],
  },
  {
    file: 'test-results/playwright.json',
    read: (r) => [r.stats.expected + (r.stats.flaky ?? 0), r.stats.unexpected, r.stats.skipped],
  },
];

let passed = 0;
let failed = 0;
let skipped = 0;
let found = 0;
for (const { file, read } of reports) {
  if (!fs.existsSync(file)) continue;
  found++;
  const [p, f, s] = read(JSON.parse(fs.readFileSync(file, 'utf8')));
  passed += p;
  failed += f;
  skipped += s;
}
// `--exit-code N`: the test command's exit code. A failing command with no failed test
// in the reports (type check, a crash, no report at all) still counts as one failure.
const flag = process.argv.indexOf('--exit-code');
const exitCode = flag > 0 ? Number(process.argv[flag + 1]) : 0;
if (found === 0 || (exitCode !== 0 && failed === 0)) failed += 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
