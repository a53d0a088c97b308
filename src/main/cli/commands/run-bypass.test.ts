// Issue 33 item 2: a CLI that answers while no model request reaches Loupe's relay went
// around it. The run says so loudly ("not recorded: the CLI did not use Loupe's relay"), and
// with a request budget (or redaction, or X-Ray directives) in force it ends failed (open),
// not succeeded. A custom command stands in for such a CLI: one that answers on its own, and
// one that calls its provider through the relay (no alarm then).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { startProvider } from '../../core/testing/providers';
import { runCliForTest } from '../testing';

afterAll(() => removeTempDirs());

function command(body: string): string {
  const file = join(tempDir('loupe-bypass-'), 'agent.mjs');
  writeFileSync(file, body);
  return `${process.execPath} ${file}`;
}

const env = () => ({ PATH: process.env.PATH, HOME: tempDir(), LOUPE_USER_DATA: tempDir() });
const runStatus = async (out: string, e: NodeJS.ProcessEnv) => {
  const runId = (JSON.parse(out) as { runId: string }).runId;
  return JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], e)).stdout) as Pick<RunDetail, 'run' | 'steps' | 'wire'>;
};

describe('a CLI that answers around the relay', () => {
  const around = command("process.stdout.write('I answered without asking anyone.\\n');\n");

  it('with a request budget in force: the run fails open and says it was not recorded', async () => {
    const e = env();
    const ran = await runCliForTest(['run', '--repo', makeRepo({ 'a.md': 'a\n' }), '--command', around, '--ask', 'Hello?', '--wire', '--max-request-bytes', '100000', '--json'], e);
    expect(ran.code, ran.stderr).toBe(4);
    const detail = await runStatus(ran.stdout, e);
    expect(detail.run.status).toBe('failed');
    expect(detail.steps.at(-1)!.message).toBe(
      "Failed open: not recorded: the CLI did not use Loupe's relay (it answered, and no model request reached the relay), so the request budget did not apply to what it sent.",
    );
    expect(detail.wire.notes.join('\n')).toContain("not recorded: the CLI did not use Loupe's relay");
  });

  it('with nothing in force: the run succeeds, and still says it was not recorded', async () => {
    const e = env();
    const ran = await runCliForTest(['run', '--repo', makeRepo({ 'a.md': 'a\n' }), '--command', around, '--ask', 'Hello?', '--wire', '--json'], e);
    expect(ran.code, ran.stderr).toBe(0);
    const detail = await runStatus(ran.stdout, e);
    expect(detail.run.status).toBe('succeeded');
    expect(detail.steps.at(-1)!.message).toContain("not recorded: the CLI did not use Loupe's relay");
  });

  it('a command that calls its provider through the relay is recorded, with no alarm', async () => {
    const provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'from the provider' } }] } });
    try {
      const through = command(`
const r = await fetch(process.env.LOUPE_WIRE_ANTHROPIC_URL + '/v1/messages', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-ant-test-not-a-key' },
  body: JSON.stringify({ model: 'claude-test', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
});
await r.text();
process.stdout.write('asked through the relay\\n');
`);
      const e = { ...env(), ANTHROPIC_BASE_URL: provider.url };
      const ran = await runCliForTest(['run', '--repo', makeRepo({ 'a.md': 'a\n' }), '--command', through, '--ask', 'Hello?', '--wire', '--max-request-bytes', '100000', '--json'], e);
      expect(ran.code, ran.stderr).toBe(0);
      expect(provider.turns()).toHaveLength(1);
      const detail = await runStatus(ran.stdout, e);
      expect(detail.run.status).toBe('succeeded');
      expect(detail.steps.at(-1)!.message ?? '').not.toContain('not recorded');
      expect(detail.wire.notes).toEqual([]);
    } finally {
      await provider.close();
    }
  });
});
