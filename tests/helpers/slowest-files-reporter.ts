/**
 * Prints the ten slowest test files at the end of every run (CONTRIBUTING.md: the suite stays under 15 minutes on a
 * quiet 2-core machine; this says where the time goes). A file's time is its setup, import and tests, per project.
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return { name: `${m.project.name}  ${m.relativeModuleId}`, ms };
    });
    if (timed.length === 0) return;
    timed.sort((a, b) => b.ms - a.ms);
    const lines = timed.slice(0, SHOWN).map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`);
    console.log(`\nThe ${Math.min(SHOWN, timed.length)} slowest test files:\n${lines.join('\n')}\n`);
  }
}
