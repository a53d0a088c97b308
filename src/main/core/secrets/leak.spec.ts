// Leak test (issue 13): 40+ planted secrets and forbidden paths, through every
// surface that shows or sends content: the Inspector's previews, a run's staged
// folder, its prompt, evidence, recorded stream and transcript, and X-Ray (a
// thread whose agent printed every secret, Settings → Context, an imported CLI
// session holding them). Zero bytes of any planted secret may come back (no
// 12-character piece of one).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForRun } from '../testing/runs';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { makeLeakFixture, secretPieces, type LeakFixture } from '../testing/leak-fixture';
import { claudeLines, writeJsonl } from '../sessions/testing';

afterAll(removeTempDirs);

let fx: LeakFixture;
let pieces: string[];
beforeAll(() => {
  fx = makeLeakFixture();
  pieces = secretPieces(fx.secrets);
});

function expectNoSecret(where: string, text: string, among: readonly string[] = pieces): void {
  for (const piece of among) {
    const at = text.indexOf(piece);
    expect(at < 0, `${where} holds a piece of a planted secret: ${piece} in …${text.slice(Math.max(0, at - 80), at + 40)}…`).toBe(true);
  }
}

/**
 * What an agent that read the planted files in known formats would print: each
 * file's text as it is on disk, so every secret keeps what a scanner knows it by
 * (a PEM armour, a key's prefix). A bare value in no known format (the
 * credential files' `password=…`) cannot be told from text (docs/secrets.md):
 * those are kept out by path, which the session case checks.
 */
function agentSaw(): string {
  return ['keys/all.txt', 'src/tokens.ts'].map((f) => `==> ${f} <==\n${readFileSync(join(fx.repo, f), 'utf8')}`).join('\n');
}

/** The planted secrets agentSaw() prints. */
function sawPieces(): string[] {
  const text = agentSaw();
  return secretPieces(fx.secrets.filter((secret) => text.includes(secret)));
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
    const started = await runtime.call('runs.start', { repo: fx.repo, ask: 'Audit these files', paths: fx.paths, allowUnstaged: true, settings: { agent: 'custom', command, keepStaged: true } });
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

  it('through X-Ray: a thread whose agent printed every secret, its directives, Settings → Context', async () => {
    // The agent itself leaks: its reply (the transcript X-Ray segments) is every planted secret.
    const dump = join(tempDir(), 'secrets.txt');
    writeFileSync(dump, agentSaw());
    const runtime = makeRuntime();
    const command = `${process.execPath} -e "process.stdin.resume();process.stdin.on('end',()=>process.stdout.write(require('fs').readFileSync(process.argv[1],'utf8')))" ${dump}`;
    const started = await runtime.call('runs.start', { repo: fx.repo, ask: 'Print what you found', paths: fx.paths, allowUnstaged: true, settings: { agent: 'custom', command } });
    const done = await waitForRun(runtime, started.run.id);
    expect(done.run.status).toBe('succeeded');
    const threadId = done.run.threadId;
    const manifest = await runtime.call('xray.manifest', { threadId });
    const reply = manifest.segments.find((seg) => seg.kind === 'assistant');
    expect(reply, 'the reply is a segment').toBeTruthy();
    const saw = sawPieces();
    expect(saw.length).toBeGreaterThan(100);
    expect(reply!.bytes).toBeGreaterThan(agentSaw().length / 2);
    expectNoSecret('the X-Ray manifest', JSON.stringify(manifest), saw);
    expectNoSecret('an X-Ray summarize', JSON.stringify(await runtime.call('xray.summarize', { threadId, segmentId: reply!.id, summary: 'Listed keys.' })), saw);
    expectNoSecret('an X-Ray restore', JSON.stringify(await runtime.call('xray.restore', { threadId, segmentId: reply!.id })), saw);
    expectNoSecret('the next fresh prompt measured', JSON.stringify(await runtime.call('xray.measure', { threadId })), saw);
    const notes = `keep ${fx.secrets.find((x) => x.startsWith('ghp_'))}`;
    expectNoSecret('Settings → Context', JSON.stringify(await runtime.call('xray.preview', { repo: fx.repo, settings: { agent: 'claude', notes } })), saw);
    await runtime.close();
  });

  it('through X-Ray on an imported CLI session that holds them', async () => {
    const c = claudeLines(fx.repo, 'sess-leak');
    const file = writeJsonl(join(tempDir('loupe-claude-'), 'projects', 'p', 'sess-leak.jsonl'), [
      c.user(`here are my keys:\n${agentSaw()}`),
      c.assistant('m1', { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: join(fx.repo, 'src/tokens.ts') } }),
      c.user([{ type: 'tool_result', tool_use_id: 't1', content: agentSaw() }]),
      // A credential file the CLI read: its bare `password=…` is in no known format, so only its path can keep it out.
      c.assistant('m1', { type: 'tool_use', id: 't2', name: 'Read', input: { file_path: join(fx.repo, '.env') } }),
      c.user([{ type: 'tool_result', tool_use_id: 't2', content: readFileSync(join(fx.repo, '.env'), 'utf8') }]),
      c.assistant('m2', { type: 'text', text: `Found these:\n${agentSaw()}` }),
      c.user('rotate them'),
    ]);
    const runtime = makeRuntime();
    const manifest = await runtime.call('xray.manifest', { sessionFile: file });
    expect(manifest.segments.length).toBeGreaterThanOrEqual(4);
    const envSecret = readFileSync(join(fx.repo, '.env'), 'utf8').trim().split('=')[1]!;
    expectNoSecret('the session manifest', JSON.stringify(manifest), [...sawPieces(), ...secretPieces([envSecret])]);
    await runtime.close();
  });
});
