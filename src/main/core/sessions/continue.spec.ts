// Prune and continue (issue 11) over the runtime: directives on an imported Claude Code
// transcript (advisory, stored apart, kept across restarts), then the session continued
// as a Loupe thread through the real runner: a node one-liner as a custom agent writes
// the exact bytes it received on stdin. Repositories by the git CLI, SQLite in temp folders.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunSettingsInput } from '../../../shared/contract/runs';
import type { SessionManifest } from '../../../shared/contract/sessions';
import { captureStdin, waitForRun } from '../testing/runs';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { claudeLines, codexLines, writeJsonl } from './testing';

afterAll(removeTempDirs);
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const custom = (command: string, extra: Partial<RunSettingsInput> = {}): RunSettingsInput => ({ agent: 'custom', command, ...extra });
const FX = join(__dirname, '../../../../fixtures/sessions');

/** A Claude Code session recorded in `repo`: a huge log read, a small file read, a reply, and the latest prompt. */
function session(repo: string): string {
  const c = claudeLines(repo, 'sess-continue');
  return writeJsonl(join(tempDir('loupe-claude-'), 'projects', 'p', 'sess-continue.jsonl'), [
    c.user('look at the log and the source'),
    c.assistant('m1', { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: '/var/huge.log' } }),
    c.assistant('m1', { type: 'tool_use', id: 't2', name: 'Read', input: { file_path: '/src/small.ts' } }),
    c.user([{ type: 'tool_result', tool_use_id: 't1', content: `HUGE-LOG ${'x'.repeat(60_000)}` }]),
    c.user([{ type: 'tool_result', tool_use_id: 't2', content: 'export const KEEP_ME = 1;' }]),
    c.assistant('m2', { type: 'text', text: 'The log is noisy; the source is fine.' }, { input_tokens: 20, cache_creation_input_tokens: 15_000, cache_read_input_tokens: 1000, output_tokens: 9 }),
    c.user('now fix the flaky test'),
  ]);
}

const tools = (m: SessionManifest) => m.segments.filter((s) => s.kind === 'tool').sort((a, b) => b.bytes - a.bytes);

describe('directives on an imported session', () => {
  it('are intent on the session, follow the rules, and survive a restart (keyed by the real path and session id)', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const file = session(repo);
    const userDataDir = tempDir();
    const first = makeRuntime({ userDataDir });
    const before = await first.call('xray.manifest', { sessionFile: file });
    expect(before.enforceable).toBe(false);
    const [huge, small] = tools(before as SessionManifest);
    const prompt = before.segments.find((s) => s.kind === 'user' && s.preview.startsWith('now fix'))!;
    expect(prompt.status).toBe('protected');

    const evicted = await first.call('xray.evict', { sessionFile: file, segmentId: huge!.id });
    expect(evicted.segments.find((s) => s.id === huge!.id)!.status).toBe('evicted');
    expect(evicted.totals.reclaimable.tokens).toBe(huge!.tokens.tokens);
    expect(evicted.fresh!.tokens).toBe(evicted.totals.conversation.tokens - huge!.tokens.tokens);
    // Advisory: the CLI's session still holds it.
    expect(evicted.totals.conversation).toEqual(before.totals.conversation);
    await first.call('xray.pin', { sessionFile: file, segmentId: small!.id });
    await first.call('xray.summarize', { sessionFile: file, segmentId: before.segments.find((s) => s.kind === 'assistant')!.id, summary: 'Said the log is noisy.' });

    await expect(first.call('xray.evict', { sessionFile: file, segmentId: prompt.id })).rejects.toMatchObject({ code: 'protected-segment' });
    await expect(first.call('xray.summarize', { sessionFile: file, segmentId: prompt.id, summary: 'x' })).rejects.toMatchObject({ code: 'protected-segment' });
    await expect(first.call('xray.evict', { sessionFile: file, segmentId: 'tool-0000000000000000' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(first.call('xray.evict', { sessionFile: 'relative.jsonl', segmentId: huge!.id })).rejects.toMatchObject({ code: 'invalid-input' });
    await first.close();

    // A restart, and the file named through a symlink: the same directives.
    const link = join(tempDir(), 'link.jsonl');
    symlinkSync(file, link);
    const second = makeRuntime({ userDataDir });
    const listed = await second.call('xray.directives', { sessionFile: link });
    expect(listed.map((d) => [d.segmentId, d.kind, d.author])).toEqual([
      [huge!.id, 'evict', 'user'],
      [small!.id, 'pin', 'user'],
      [expect.any(String), 'summarize', 'user'],
    ]);
    const again = await second.call('xray.manifest', { sessionFile: file });
    expect(again.segments.find((s) => s.id === huge!.id)!.status).toBe('evicted');
    expect(again.segments.find((s) => s.kind === 'assistant')).toMatchObject({ status: 'summarized', summary: 'Said the log is noisy.' });
    // Undo: restore takes the directive away.
    const restored = await second.call('xray.restore', { sessionFile: file, segmentId: huge!.id });
    expect(restored.segments.find((s) => s.id === huge!.id)!.status).toBe('active');
    await second.close();
  });

  it('the provider’s count and Loupe’s estimate of the same point are both in the manifest, whatever the directives', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const file = session(repo);
    const rt = makeRuntime();
    const m = await rt.call('xray.manifest', { sessionFile: file });
    expect(m.reported).toMatchObject({ contextTokens: 20 + 15_000 + 1000 });
    expect(m.reported!.estimateAtSamePoint).toBeGreaterThan(15_000);
    const gap = m.system.find((s) => s.id === 'system-not-in-transcript')!;
    expect(gap.preview).toContain(String(Math.abs(m.reported!.contextTokens - m.reported!.estimateAtSamePoint)));
    const evicted = await rt.call('xray.evict', { sessionFile: file, segmentId: tools(m as SessionManifest)[0]!.id });
    expect(evicted.reported).toEqual(m.reported);
    await rt.close();
  });

  it('refuses directives on what the CLI compacted away (a real compacted session)', async () => {
    const file = join(tempDir(), 'ac939d1c.jsonl');
    copyFileSync(join(FX, 'claude/loupe-mock-model/projects/-tmp-loupe-agent-repo-ItpI/ac939d1c-76ae-4724-b7cb-8917fabdcdc7.jsonl'), file);
    const rt = makeRuntime();
    const m = (await rt.call('xray.manifest', { sessionFile: file })) as SessionManifest;
    expect(m.session.compactions.length).toBeGreaterThan(0);
    const gone = m.segments.find((s) => s.outOfContextReason === 'compaction')!;
    await expect(rt.call('xray.pin', { sessionFile: file, segmentId: gone.id })).rejects.toMatchObject({ code: 'invalid-input', details: { reason: 'not-in-context' } });
    await rt.close();
  });
});

describe('prune and continue', () => {
  it('the first fresh prompt leaves out the evicted result, keeps the pinned one, and the transcript is never written', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const file = session(repo);
    const hash = sha(file);
    const rt = makeRuntime();
    const m = (await rt.call('xray.manifest', { sessionFile: file })) as SessionManifest;
    const [huge, small] = tools(m);
    await rt.call('xray.evict', { sessionFile: file, segmentId: huge!.id });
    await rt.call('xray.pin', { sessionFile: file, segmentId: small!.id });

    const out = join(tempDir(), 'stdin.txt');
    const done = await rt.call('sessions.continue', { sessionFile: file, repo, ask: 'Carry on with the fix', settings: custom(captureStdin(out)) });
    expect(done).toMatchObject({ evicted: { count: 1, bytes: huge!.bytes }, pinned: 1, notInContext: { count: 0 } });
    const run = await waitForRun(rt, done.run.run.id);
    expect(run.run.status).toBe('succeeded');
    const sent = readFileSync(out);
    const text = sent.toString('utf8');
    expect(text).not.toContain('HUGE-LOG');
    expect(text).toContain('KEEP_ME');
    expect(text).toContain('now fix the flaky test');
    expect(text).toContain('Carry on with the fix');
    // Measured and recorded like any step: the evidence holds exactly the bytes the agent received.
    expect(run.steps[0]).toMatchObject({ kind: 'fresh', resumed: false, outcome: 'launched', promptBytes: sent.length });
    expect(run.steps[0]!.history!.rows).toBeGreaterThan(0);
    expect(sha(file)).toBe(hash);

    // The thread is a Loupe thread: directives enforced, the pin carried over to its own segment.
    const thread = await rt.call('xray.manifest', { threadId: done.threadId });
    expect(thread.enforceable).toBe(true);
    const pinned = thread.segments.filter((s) => s.status === 'pinned');
    expect(pinned).toHaveLength(1);
    expect(pinned[0]!.preview).toContain('KEEP_ME');
    expect(thread.lastStep).toMatchObject({ runId: run.run.id, promptBytes: sent.length, resumed: false });
    const after = (await rt.call('xray.manifest', { sessionFile: file })) as SessionManifest;
    expect(after.session.continuedAs).toEqual([done.threadId]);

    // Without the eviction, the same continuation sends the log: larger by about its size.
    await rt.call('xray.restore', { sessionFile: file, segmentId: huge!.id });
    const out2 = join(tempDir(), 'stdin.txt');
    const whole = await rt.call('sessions.continue', { sessionFile: file, repo, ask: 'Carry on with the fix', settings: custom(captureStdin(out2)) });
    await waitForRun(rt, whole.run.run.id);
    const sent2 = readFileSync(out2);
    expect(sent2.toString('utf8')).toContain('HUGE-LOG');
    expect(sent2.length - sent.length).toBeGreaterThan(60_000);
    expect(sha(file)).toBe(hash);
    await rt.close();
  });

  it('a Codex rollout continues the same way: the evicted function output is not in the bytes sent', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const x = codexLines(repo);
    const file = writeJsonl(join(tempDir('loupe-codex-'), 'sessions/2026/11/30/rollout-2026-11-30T10-00-00-01a22bda-0000-7000-8000-000000000001.jsonl'), [
      x.meta(),
      x.turn('gpt-5.5'),
      x.user('why is CI red?'),
      x.call('c1', 'exec_command', { cmd: 'cat ci.log' }),
      x.output('c1', `CI-LOG ${'y'.repeat(30_000)}`),
      x.call('c2', 'exec_command', { cmd: 'cat package.json' }),
      x.output('c2', '{"name":"KEEP_PKG"}'),
      x.assistant('The lint step fails.'),
      x.tokens(12_000, 80),
      x.user('fix the lint step'),
    ]);
    const hash = sha(file);
    const rt = makeRuntime();
    const m = (await rt.call('xray.manifest', { sessionFile: file })) as SessionManifest;
    expect(m.agent).toBe('codex-session');
    await rt.call('xray.evict', { sessionFile: file, segmentId: tools(m)[0]!.id });
    const out = join(tempDir(), 'stdin.txt');
    const done = await rt.call('sessions.continue', { sessionFile: file, repo, ask: 'Go ahead', settings: custom(captureStdin(out)) });
    expect((await waitForRun(rt, done.run.run.id)).run.status).toBe('succeeded');
    const text = readFileSync(out, 'utf8');
    expect(text).not.toContain('CI-LOG');
    expect(text).toContain('KEEP_PKG');
    expect(text).toContain('fix the lint step');
    expect(sha(file)).toBe(hash);
    await rt.close();
  });

  it('the first turn is measured against the budget: a block launches nothing, and the thread keeps its history for a retry', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const file = session(repo);
    const rt = makeRuntime();
    const marker = join(tempDir(), 'never.txt');
    const settings = custom(captureStdin(marker), { loop: { contextBudget: { maxPromptBytes: 1000, policy: 'block' } } });
    const done = await rt.call('sessions.continue', { sessionFile: file, repo, ask: 'Go on', settings });
    expect(done.run.run.status).toBe('blocked');
    expect(done.run.steps[0]!.exceeded[0]).toMatchObject({ ceiling: 'maxPromptBytes', limit: 1000 });
    expect(done.run.steps[0]!.promptBytes).toBeGreaterThan(60_000);
    expect((await rt.call('xray.manifest', { threadId: done.threadId })).segments.length).toBeGreaterThan(4);
    await expect(rt.call('sessions.continue', { sessionFile: file, repo: join(repo, 'nope'), ask: 'Go on', settings })).rejects.toMatchObject({ code: expect.any(String) });
    expect((await rt.call('threads.list', { repo })).map((t) => t.id)).toEqual([done.threadId]);
    await rt.close();
  });
});
