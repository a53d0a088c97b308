// Prints, after the run, each skipped test with the reason it gave, so a skip
// (e.g. the Electron spec where Electron's binary is not installed) is never silent.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkipReasonsReporter implements Reporter {
  private readonly lines: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    const notes = [...test.annotations, ...result.annotations]
      .filter((a) => a.type === 'skip' || a.type === 'fixme')
      .map((a) => a.description)
      .filter((d): d is string => !!d);
    const title = test.titlePath().filter(Boolean).slice(1).join(' › ');
    this.lines.push(`  - ${title}: ${[...new Set(notes)].join('; ') || 'skipped without a reason'}`);
  }

  onEnd(): void {
    if (this.lines.length === 0) return;
    console.log(`\nSkipped (${this.lines.length}), with the reason each gave:\n${this.lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
