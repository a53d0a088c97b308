// Leak test (issue 13): 40+ planted secrets and forbidden paths, through every
// surface that shows or sends content: the Inspector's previews, a run's staged
// folder, its prompt, evidence, recorded stream and transcript. Zero bytes of any
// planted secret may come back (no 12-character piece of one).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForRun } from '../runs/testing';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { makeLeakFixture, secretPieces, type LeakFixture } from '../testing/leak-fixture';

afterAll(removeTempDirs);

let fx: LeakFixture;
let pieces: string[];
beforeAll(() => {
  fx = makeLeakFixture();
  pieces = secretPieces(fx.secrets);
});

function expectNoSecret(where: string, text: string): void {
  for (const piece of pieces) expect(text.includes(piece), `${where} holds a piece of a planted secret: ${piece}`).toBe(false);
}

/** Every file under a folder, read as text. */
function readTree(dir: string): string {
  let out = '';
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    out += statSync(full).isDirectory() ? readTree(full) : `${readFileSync(full, 'utf8')}\n`;
  }
  return out;
}

describe('planted secrets never come back', () => {
  it('plants at least 40 cases', () => {
    expect(fx.cases).toBeGreaterThanOrEqual(40);
    expect(fx.secrets.length).toBeGreaterThanOrEqual(40);
  });

  it('through context.inspect', async () => {
    const runtime = makeRuntime();
    const result = await runtime.call('context.inspect', { repo: fx.repo, paths: fx.paths });
    expect(result.files.map((f) => f.path)).toContain('src/tokens.ts');
    expectNoSecret('the inspection', JSON.stringify(result));
    await runtime.close();
  });

  it('through a run: its staged folder, prompt, evidence, recorded stream and transcript', async () => {
    const stdin = join(tempDir(), 'stdin.txt');
    const runtime = makeRuntime();
    const command = `${process.execPath} -e "const c=[];process.stdin.on('data',d=>c.push(d)).on('end',()=>{require('fs').writeFileSync(process.argv[1],Buffer.concat(c));console.log('read')})" ${stdin}`;
    const started = await runtime.call('runs.start', { repo: fx.repo, ask: 'Audit these files', paths: fx.paths, settings: { agent: 'custom', command, keepStaged: true } });
    const done = await waitForRun(runtime, started.run.id);
    expect(done.run.status).toBe('succeeded');
    const staged = readTree(done.run.stagedDir!);
    expect(staged).toContain('nothing secret');
    expectNoSecret('the staged folder', staged);
    expectNoSecret('the prompt', readFileSync(stdin, 'utf8'));
    expectNoSecret('the evidence', JSON.stringify(done.steps));
    expectNoSecret('the recorded stream', JSON.stringify(done.events));
    const csv = await runtime.call('evidence.export', { scope: { runId: done.run.id }, format: 'csv' });
    expectNoSecret('the evidence export', csv.content);
    const transcript = runtime.deps.db.prepare('SELECT body FROM transcript').all() as { body: string }[];
    expectNoSecret('the transcript', JSON.stringify(transcript));
    await runtime.close();
  });
});
