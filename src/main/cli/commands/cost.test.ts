import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CostReport } from '../../../shared/contract/cost';
import { removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { runCliForTest } from '../testing';
import { COST_OPTIONS } from './cost';

afterAll(() => removeTempDirs());
const FX = join(__dirname, '../../../../fixtures/sessions');

/** A HOME with the spotter transcript where Claude Code keeps its sessions, and an empty data folder. */
function home() {
  const h = tempDir('loupe-cost-');
  const dir = join(h, '.claude', 'projects', '-home-marco-projects-spotter');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(FX, 'claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl'), join(dir, '4d5611e5-241a-462a-8d15-5122611a9569.jsonl'));
  return { HOME: h, LOUPE_USER_DATA: join(h, 'data') };
}

describe('loupe cost', () => {
  it('--help names every flag', async () => {
    const r = await runCliForTest(['cost', '--help']);
    expect(r.code).toBe(0);
    for (const flag of Object.keys(COST_OPTIONS)) expect(r.stdout).toContain(`--${flag}`);
  });

  it('refuses a bad --by or --since as a usage error', async () => {
    expect((await runCliForTest(['cost', '--by', 'hour'])).code).toBe(2);
    expect((await runCliForTest(['cost', '--since', 'yesterday'])).stderr).toMatch(/--since takes a date as YYYY-MM-DD/);
  });

  it('prices the CLIs’ transcripts at list price, by day and by model, and --since leaves older days out', async () => {
    const env = home();
    const text = await runCliForTest(['cost', '--by', 'model'], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^MODEL\s+REQUESTS\s+LIST PRICE/);
    expect(text.stdout).toMatch(/claude-opus-4-6\s+139\s+\$9\.53/);
    expect(text.stdout).toContain('Total: $9.53 list price over 139 requests');
    expect(text.stdout).toMatch(/cache read 11,618,567 \(96% of input\)/);
    const json = JSON.parse((await runCliForTest(['cost', '--json'], env)).stdout) as CostReport;
    expect(json.by).toBe('day');
    expect(json.total.usd).toBeCloseTo(9.52614975, 6);
    expect(json.groups.reduce((n, g) => n + g.totals.usd, 0)).toBeCloseTo(json.total.usd, 9);
    const later = JSON.parse((await runCliForTest(['cost', '--json', '--since', '2099-01-01'], env)).stdout) as CostReport;
    expect(later.total.requests).toBe(0);
    const none = JSON.parse((await runCliForTest(['cost', '--json', '--no-imported'], env)).stdout) as CostReport;
    expect(none.total.requests).toBe(0);
  });
});
