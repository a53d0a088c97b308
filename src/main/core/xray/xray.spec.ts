// Behaviour spec of X-Ray (issue 10): manifests and directives over the real
// runner (staging, prompt assembly, measurement, evidence, transcript), with
// repositories made by the git CLI, SQLite in temp folders and real child
// processes: the bundled demo agent, and node one-liners as custom agents that
// capture the exact bytes they receive on stdin.
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunSettingsInput } from '../../../shared/contract/runs';
import type { Manifest, Segment, ThreadStreamEvent } from '../../../shared/contract/xray';
import type { Runtime } from '../runtime';
import { git, makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { nodeCmd, waitForRun } from '../testing/runs';
import { readTranscript } from '../threads/thread-store';
import { buildTokensWorker } from '../testing/tokens-worker';
import { loadCounter } from '../tokens/count-text';

afterAll(removeTempDirs);

/** A custom agent that writes its stdin to `out` and replies with `reply` (JavaScript that makes the text). */
const agent = (out: string, reply: string, extra: Partial<RunSettingsInput> = {}): RunSettingsInput => ({
  agent: 'custom',
  command: nodeCmd(`const c=[];process.stdin.on('data',d=>c.push(d)).on('end',()=>{require('fs').writeFileSync(${JSON.stringify(out)},Buffer.concat(c));console.log(${reply})})`),
  ...extra,
});

async function turn(runtime: Runtime, repo: string, ask: string, settings: RunSettingsInput, threadId?: string) {
  const started = await runtime.call('runs.start', { repo, ask, settings, ...(threadId ? { threadId } : {}) });
  const done = await waitForRun(runtime, started.run.id);
  expect(done.run.status).toBe('succeeded');
  return done;
}

const byKind = (m: Manifest, kind: Segment['kind']) => m.segments.filter((s) => s.kind === kind);

describe('directives enforced when Loupe assembles the next prompt', () => {
  it('a system section cannot be directed, and says why: display only, not "not found" (issue 34, item 8)', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const one = await turn(runtime, repo, 'First ask', agent(join(tempDir(), 'stdin.txt'), `'ok'`));
    const m = await runtime.call('xray.manifest', { threadId: one.run.threadId });
    const section = m.system[0]!;
    for (const call of ['xray.evict', 'xray.pin'] as const) {
      await expect(runtime.call(call, { threadId: one.run.threadId, segmentId: section.id })).rejects.toMatchObject({ code: 'unsupported', message: expect.stringContaining('display only') });
    }
    await expect(runtime.call('xray.evict', { threadId: one.run.threadId, segmentId: 'user-0000000000000000' })).rejects.toMatchObject({ code: 'not-found' });
    await runtime.close();
  });

  it('an evicted reply is left out of the next prompt and its evidence; restore brings it back, byte for byte', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const out = join(tempDir(), 'stdin.txt');
    const one = await turn(runtime, repo, 'First ask', agent(out, `'BIG_REPLY '+'x'.repeat(40000)`));
    const threadId = one.run.threadId;
    await turn(runtime, repo, 'Second ask', agent(out, `'small reply'`), threadId);
    const before = await runtime.call('xray.manifest', { threadId });
    // A custom command never resumes a session: every turn is assembled by Loupe, so directives are enforced.
    expect(before.enforceable).toBe(true);
    expect(before.freshness).toBe('current');
    const big = byKind(before, 'assistant').find((s) => s.preview.startsWith('BIG_REPLY'))!;
    expect(big.tokens).toMatchObject({ kind: 'estimate' });
    expect(big.tokens.tokens).toBeGreaterThan(10_000);
    expect(big.preview.length).toBeLessThanOrEqual(200);
    const transcript = JSON.stringify(readTranscript(runtime.deps.db, threadId));

    const measuredBefore = await runtime.call('xray.measure', { threadId });
    const evicted = await runtime.call('xray.evict', { threadId, segmentId: big.id });
    // The next fresh-session prompt, measured as the runner measures it: smaller by the reply's bytes.
    const measuredAfter = await runtime.call('xray.measure', { threadId });
    expect(measuredBefore.promptBytes - measuredAfter.promptBytes).toBeGreaterThan(40_000);
    expect(evicted.segments.find((s) => s.id === big.id)!.status).toBe('evicted');
    expect(evicted.totals.reclaimable.tokens).toBe(big.tokens.tokens);
    expect(evicted.totals.conversation.tokens).toBeLessThan(before.totals.conversation.tokens - 9_000);

    const three = await turn(runtime, repo, 'Third ask', agent(out, `'ok'`), threadId);
    const sent = readFileSync(out, 'utf8');
    expect(sent).not.toContain('BIG_REPLY');
    expect(sent).toContain('First ask');
    expect(sent).toContain('Second ask');
    expect(sent).toContain('small reply');
    const step3 = three.steps[0]!;
    expect(Buffer.byteLength(sent)).toBe(step3.promptBytes);
    expect(step3.history!.segments!.omitted).toEqual([big.id]);
    // Directives never change the stored transcript.
    expect(JSON.stringify(readTranscript(runtime.deps.db, threadId)).startsWith(transcript.slice(0, -1))).toBe(true);

    const restored = await runtime.call('xray.restore', { threadId, segmentId: big.id });
    expect(restored.segments.find((s) => s.id === big.id)!.status).toBe('active');
    expect(await runtime.call('xray.directives', { threadId })).toEqual([]);
    const four = await turn(runtime, repo, 'Fourth ask', agent(out, `'ok'`), threadId);
    expect(readFileSync(out, 'utf8')).toContain('BIG_REPLY');
    expect(four.steps[0]!.promptBytes).toBeGreaterThan(step3.promptBytes + 40_000);
    expect(four.steps[0]!.history!.segments!.omitted).toEqual([]);
    await runtime.close();
  });

  it('a pinned ask survives the fold that drops the rest of the history (8k window)', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const out = join(tempDir(), 'stdin.txt');
    // openai/gpt-4 has an 8,192-token window: the seed's 16,384-token reserve takes all of it (budget 1), so only a pin keeps history.
    const small = (reply: string) => agent(out, reply, { model: 'openai/gpt-4' });
    const one = await turn(runtime, repo, 'PINNED_ASK keep me', small(`'first reply '+'x'.repeat(20000)`));
    const threadId = one.run.threadId;
    await turn(runtime, repo, 'LATER_ASK', small(`'second reply '+'y'.repeat(20000)`), threadId);
    const m = await runtime.call('xray.manifest', { threadId });
    expect(m.model).toMatchObject({ id: 'openai/gpt-4', window: 8192, reserve: 16_384 });
    const ask = byKind(m, 'user').find((s) => s.preview.startsWith('PINNED_ASK'))!;
    // Before pinning, the fold leaves everything out of a fresh prompt.
    expect(m.segments.filter((s) => !s.outOfContext)).toEqual([]);
    expect(m.segments.every((s) => s.outOfContextReason === 'fold')).toBe(true);

    const pinned = await runtime.call('xray.pin', { threadId, segmentId: ask.id });
    expect(pinned.segments.filter((s) => !s.outOfContext).map((s) => s.id)).toEqual([ask.id]);
    const three = await turn(runtime, repo, 'Third', small(`'ok'`), threadId);
    const sent = readFileSync(out, 'utf8');
    expect(sent).toContain('PINNED_ASK keep me');
    expect(sent).not.toContain('LATER_ASK');
    expect(sent).not.toContain('first reply');
    expect(three.steps[0]!.history).toMatchObject({ kept: 1, window: 8192 });
    expect(three.steps[0]!.history!.segments!.omitted).not.toContain(ask.id);
    await runtime.close();
  });

  it('a summary replaces the segment in the next prompt; summarizing twice keeps the latest', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const out = join(tempDir(), 'stdin.txt');
    const one = await turn(runtime, repo, 'Explain everything', agent(out, `'LONG_ANSWER '+'y'.repeat(20000)`));
    const threadId = one.run.threadId;
    const m = await runtime.call('xray.manifest', { threadId });
    const answer = byKind(m, 'assistant')[0]!;
    await runtime.call('xray.summarize', { threadId, segmentId: answer.id, summary: 'first try' });
    const s = await runtime.call('xray.summarize', { threadId, segmentId: answer.id, summary: 'It explained the build: two steps.' });
    const seg = s.segments.find((x) => x.id === answer.id)!;
    expect(seg).toMatchObject({ status: 'summarized', summary: 'It explained the build: two steps.' });
    expect(seg.summaryTokens!.tokens).toBeLessThan(30);
    expect(s.totals.reclaimable.tokens).toBe(answer.tokens.tokens - seg.summaryTokens!.tokens);
    await turn(runtime, repo, 'Go on', agent(out, `'ok'`), threadId);
    const sent = readFileSync(out, 'utf8');
    expect(sent).not.toContain('LONG_ANSWER');
    expect(sent).not.toContain('first try');
    expect(sent).toContain('It explained the build: two steps.');
    await runtime.close();
  });
});

describe('protected segments and bad input', () => {
  it('refuses to evict or summarize the ask of the turn in progress, and says why', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const gate = join(tempDir(), 'gate');
    // Waits until the test lets it finish: the turn stays in progress meanwhile.
    const waiting: RunSettingsInput = {
      agent: 'custom',
      command: nodeCmd(`process.stdin.resume();const t=setInterval(()=>{if(require('fs').existsSync(${JSON.stringify(gate)})){clearInterval(t);console.log('ok')}},50)`),
      loop: { idleTimeoutSeconds: null },
    };
    const started = await runtime.call('runs.start', { repo, ask: 'Long task', settings: waiting });
    const threadId = started.run.threadId;
    const live = await runtime.call('xray.manifest', { threadId });
    expect(live.freshness).toBe('stale');
    expect(live.activeRunId).toBe(started.run.id);
    const ask = byKind(live, 'user')[0]!;
    expect(ask.status).toBe('protected');
    await expect(runtime.call('xray.evict', { threadId, segmentId: ask.id })).rejects.toMatchObject({
      code: 'protected-segment',
      message: expect.stringContaining('turn in progress'),
    });
    await expect(runtime.call('xray.summarize', { threadId, segmentId: ask.id, summary: 's' })).rejects.toMatchObject({ code: 'protected-segment' });
    expect(await runtime.call('xray.directives', { threadId })).toEqual([]);
    writeFileSync(gate, '');
    await waitForRun(runtime, started.run.id);
    const after = await runtime.call('xray.manifest', { threadId });
    expect(after.freshness).toBe('current');
    expect(byKind(after, 'user')[0]!.status).toBe('active');
    await expect(runtime.call('xray.evict', { threadId, segmentId: 'user-0000000000000000' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(runtime.call('xray.manifest', { threadId: 'tnothere' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(runtime.dispatch('xray.summarize', { threadId, segmentId: ask.id, summary: '   ' })).rejects.toMatchObject({ code: 'invalid-input' });
    await runtime.close();
  });
});

describe('manifests of a resumed CLI session (the demo agent)', () => {
  it('shows system sections with provenance and tier, the tools the CLI announced, and directives as intent', async () => {
    const repo = makeRepo({ 'notes.md': 'line\n'.repeat(500) });
    const runtime = makeRuntime();
    const events: ThreadStreamEvent[] = [];
    const settings: RunSettingsInput = { agent: 'demo', notes: 'Prefer small diffs.' };
    const one = await runtime.call('runs.start', { repo, ask: 'Read the notes', paths: ['notes.md'], settings, presetRef: { name: 'team', revision: 3 } });
    await waitForRun(runtime, one.run.id);
    const threadId = one.run.threadId;
    const sub = runtime.streams.attach({ deliver: (m) => (m.type === 'event' && m.event.kind === 'thread' && events.push(m.event.payload as ThreadStreamEvent), true) });
    sub.follow([{ key: `thread:${threadId}`, after: 0 }]);
    const two = await runtime.call('runs.start', { repo, ask: 'Again', paths: ['notes.md'], settings, threadId, presetRef: { name: 'team', revision: 3 } });
    await waitForRun(runtime, two.run.id);
    const m = await runtime.call('xray.manifest', { threadId });
    expect(m.enforceable).toBe(false);
    expect(m.lastStep).toMatchObject({ runId: two.run.id, kind: 'resume', resumed: true });
    const sections = Object.fromEntries(m.system.map((s) => [s.id, s]));
    expect(sections['system-loupe-notes']).toMatchObject({ provenance: 'framework-core', tier: 'required', loadedBy: 'loupe' });
    expect(sections['system-runtime']).toMatchObject({ provenance: 'runtime-context', tier: 'required' });
    expect(sections['system-runtime']!.preview).toContain(repo);
    expect(sections['system-notes']).toMatchObject({ provenance: 'template', tier: 'inherited', preset: { name: 'team', revision: 3 } });
    expect(sections['system-notes']!.preview).toContain('Prefer small diffs.');
    expect(sections['tools']).toMatchObject({ provenance: 'tools', tokens: null, bytes: null, preview: 'Read', loadedBy: 'cli' });
    expect(m.totals.system.tokens).toBe(m.system.reduce((n, s) => n + (s.tokens?.tokens ?? 0), 0));
    const reads = byKind(m, 'file-read');
    expect(reads).toHaveLength(2);
    expect(reads[0]!.label).toBe('notes.md');
    expect(m.reported).toMatchObject({ contextTokens: expect.any(Number), estimateAtSamePoint: expect.any(Number) });

    // Intent only: the resumed session still holds what is evicted; a fresh session would not.
    const e = await runtime.call('xray.evict', { threadId, segmentId: reads[0]!.id });
    expect(e.totals.conversation.tokens).toBe(m.totals.conversation.tokens);
    expect(e.fresh!.tokens).toBeLessThan(m.fresh!.tokens);
    expect(e.totals.reclaimable.tokens).toBe(reads[0]!.tokens.tokens);
    // Continuing as a fresh session applies it: the new session begins without the read.
    const three = await runtime.call('xray.continue', { threadId, ask: 'Fresh now' });
    const threeDone = await waitForRun(runtime, three.run.id);
    expect(threeDone.steps[0]).toMatchObject({ kind: 'fresh', resumed: false });
    expect(threeDone.steps[0]!.history!.segments!.omitted).toEqual([reads[0]!.id]);
    const after = await runtime.call('xray.manifest', { threadId });
    expect(after.segments.find((s) => s.id === reads[0]!.id)).toMatchObject({ outOfContext: true, outOfContextReason: 'not-in-session' });
    expect(after.totals.conversation.tokens).toBeLessThan(after.fresh!.tokens + reads[0]!.tokens.tokens);
    sub.detach();
    expect(events.map((x) => x.reason)).toEqual(expect.arrayContaining(['turn', 'directive']));
    expect(events.at(-1)).toMatchObject({ type: 'manifest', segments: after.segments.length });
    await runtime.close();
  });

  it('a retry of a blocked fresh continuation stays fresh, with the directives applied (issue 22, item 1)', async () => {
    const repo = makeRepo({ 'notes.md': 'line\n'.repeat(500) });
    const runtime = makeRuntime();
    const settings: RunSettingsInput = { agent: 'demo' };
    const one = await runtime.call('runs.start', { repo, ask: 'Read the notes', paths: ['notes.md'], settings });
    await waitForRun(runtime, one.run.id);
    const threadId = one.run.threadId;
    const read = byKind(await runtime.call('xray.manifest', { threadId }), 'file-read')[0]!;
    await runtime.call('xray.evict', { threadId, segmentId: read.id });
    // A ceiling the resumed turn fits under and the fresh one (carrying the history) does not.
    const resumed = await runtime.call('runs.preview', { repo, ask: 'Again', paths: ['notes.md'], settings, threadId });
    const fresh = await runtime.call('runs.preview', { repo, ask: 'Again', paths: ['notes.md'], settings, threadId, fresh: true });
    expect(fresh.totalBytes).toBeGreaterThan(resumed.totalBytes);
    const ceiling = { ...settings, loop: { contextBudget: { maxPromptBytes: resumed.totalBytes + 4, policy: 'block' as const } } };
    const two = await runtime.call('runs.start', { repo, ask: 'Again', paths: ['notes.md'], settings: ceiling, threadId });
    expect((await waitForRun(runtime, two.run.id)).steps[0]).toMatchObject({ kind: 'resume', outcome: 'launched' });
    const blocked = await runtime.call('xray.continue', { threadId, ask: 'Again' });
    expect(blocked.run.status).toBe('blocked');
    expect(blocked.steps[0]).toMatchObject({ kind: 'fresh', resumed: false });
    const raised = { ...ceiling, loop: { contextBudget: { maxPromptBytes: 10_000_000, policy: 'block' as const } } };
    const retried = await runtime.call('runs.retry', { runId: blocked.run.id, settings: raised });
    const done = await waitForRun(runtime, blocked.run.id, 30_000, retried.lastSeq);
    expect(done.steps[1]).toMatchObject({ kind: 'retry', resumed: false, outcome: 'launched' });
    expect(done.steps[1]!.totalBytes).toBeGreaterThan(blocked.steps[0]!.totalBytes - 100);
    expect(done.steps[1]!.history!.segments!.omitted).toEqual([read.id]);
    await runtime.close();
  });

  it('segment ids stay the same across restarts and later turns for the same content', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const userDataDir = tempDir();
    const out = join(tempDir(), 'stdin.txt');
    const first = makeRuntime({ userDataDir });
    const one = await turn(first, repo, 'Same ask', agent(out, `'same reply'`));
    const threadId = one.run.threadId;
    const ids1 = (await first.call('xray.manifest', { threadId })).segments.map((s) => s.id);
    await first.close();
    const second = makeRuntime({ userDataDir });
    await turn(second, repo, 'Same ask', agent(out, `'same reply'`), threadId);
    const ids2 = (await second.call('xray.manifest', { threadId })).segments.map((s) => s.id);
    expect(ids2.slice(0, ids1.length)).toEqual(ids1);
    // The same ask and reply again: new ids (an ordinal), never the first ones.
    expect(ids2.slice(ids1.length)).toEqual(ids1.map((id) => `${id}-1`));
    await second.close();
  });
});

describe('token counts', () => {
  it('are exact with the encoding for a model whose tokenizer is public, estimates with the reason otherwise', async () => {
    process.env.LOUPE_TOKENS_WORKER = await buildTokensWorker();
    try {
      const repo = makeRepo({ 'a.txt': 'a\n' });
      const runtime = makeRuntime();
      const out = join(tempDir(), 'stdin.txt');
      const reply = 'Tokenizers split text into pieces; 漢字 and emoji 😀 count differently.';
      const one = await turn(runtime, repo, 'Count me', agent(out, JSON.stringify(reply), { model: 'openai/gpt-4o' }));
      const m = await runtime.call('xray.manifest', { threadId: one.run.threadId });
      expect(m.tokenizer).toMatchObject({ kind: 'exact', encoding: 'o200k_base' });
      const o200k = await loadCounter('o200k_base');
      const answer = byKind(m, 'assistant')[0]!;
      expect(answer.tokens).toEqual({ tokens: o200k(`Assistant: ${reply}`), kind: 'exact', encoding: 'o200k_base' });
      expect(m.totals.conversation).toMatchObject({ kind: 'exact', encoding: 'o200k_base' });
      // System sections are sized from evidence (no prompt bodies kept): estimates, and the meter says so.
      expect(m.totals.system.kind).toBe('estimate');
      const claude = await turn(runtime, repo, 'Count me', agent(out, `'x'`, { model: 'anthropic/claude-sonnet-4-5' }));
      const c = await runtime.call('xray.manifest', { threadId: claude.run.threadId });
      expect(c.tokenizer).toMatchObject({ kind: 'estimate', note: expect.stringContaining('Anthropic') });
      expect(c.segments.every((s) => s.tokens.kind === 'estimate')).toBe(true);
      await runtime.close();
    } finally {
      delete process.env.LOUPE_TOKENS_WORKER;
    }
  });
});

describe('xray.report (an external host)', () => {
  it('stores the inventory as reported and advisory, previews redacted and cut, and tells followers', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const out = join(tempDir(), 'stdin.txt');
    const one = await turn(runtime, repo, 'Hello', agent(out, `'hi'`));
    const threadId = one.run.threadId;
    const key = `AKIA${'Q'.repeat(16)}`;
    const segments = Array.from({ length: 30 }, (_, i) => ({ id: `ext-${i}`, kind: 'tool', tokens: i * 10, preview: i === 29 ? `key ${key} ${'x'.repeat(500)}` : `s${i}` }));
    const heard: ThreadStreamEvent[] = [];
    const sub = runtime.streams.attach({ deliver: (msg) => (msg.type === 'event' && heard.push(msg.event.payload as ThreadStreamEvent), true) });
    sub.follow([{ key: `thread:${threadId}`, after: runtime.streams.lastSeq(`thread:${threadId}`) }]);
    expect(await runtime.call('xray.report', { threadId, host: 'my-ide', segments })).toEqual({ stored: true });
    sub.detach();
    expect(heard.map((e) => e.reason)).toContain('report');
    const m = await runtime.call('xray.manifest', { threadId });
    const [report] = m.reports!;
    expect(report).toMatchObject({ host: 'my-ide', segments: 30, tokens: { tokens: 4350, kind: 'reported' } });
    expect(report!.largest).toHaveLength(20);
    expect(report!.largest[0]!.id).toBe('ext-29');
    expect(report!.largest[0]!.preview).not.toContain(key);
    expect(report!.largest[0]!.preview.length).toBeLessThanOrEqual(200);
    // Advisory: Loupe's own segments and directives are untouched.
    expect(m.segments.map((s) => s.id)).not.toContain('ext-29');
    await expect(runtime.call('xray.report', { threadId: 'tnothere', host: 'x', segments: [] })).rejects.toMatchObject({ code: 'not-found' });
    await runtime.close();
  });
});

describe('xray.preview (Settings → Context)', () => {
  it('shows the system context a new thread would start with, instruction files included and redacted', async () => {
    const key = `sk-ant-api03-${'A1b2'.repeat(23)}AA`;
    const repo = makeRepo({ 'CLAUDE.md': `# House rules\nUse tabs. Token: ${key}\n`, 'AGENTS.md': 'codex rules\n' });
    symlinkSync('/etc/hostname', join(repo, 'GEMINI.md'));
    const runtime = makeRuntime();
    const claude = await runtime.call('xray.preview', { repo, settings: { agent: 'claude', notes: 'Be brief.', model: 'openai/gpt-4.1' } });
    expect(claude).toMatchObject({ threadId: null, enforceable: true, segments: [], model: { window: 1_047_576 } });
    const file = claude.system.find((s) => s.id === 'instructions-CLAUDE.md')!;
    expect(file).toMatchObject({ provenance: 'organization', tier: 'inherited', loadedBy: 'cli', note: expect.stringContaining('Loaded by the CLI') });
    expect(file.preview).toContain('Use tabs.');
    expect(file.preview).not.toContain(key);
    expect(claude.system.map((s) => s.id)).not.toContain('instructions-AGENTS.md');
    expect(claude.system.find((s) => s.id === 'system-notes')).toMatchObject({ provenance: 'personal', tier: 'user' });
    const gemini = await runtime.call('xray.preview', { repo, settings: { agent: 'gemini' } });
    expect(gemini.system.find((s) => s.id === 'instructions-GEMINI.md')).toMatchObject({ bytes: null, tokens: null, note: expect.stringContaining('symbolic link') });
    // Without a repository the default settings (the demo agent) still give Loupe's own sections.
    const none = await runtime.call('xray.preview', {});
    expect(none.agent).toBe('demo');
    expect(none.system.map((s) => s.provenance)).toEqual(['framework-core', 'runtime-context', 'runtime-context']);
    await runtime.close();
  });
  it('follows the Inspector: its base and selection are the runtime and reference files a run would carry, measured as the run bar measures them (issue 22)', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n', 'src/b.ts': 'export const b = 1;\n' });
    const first = git(repo, 'rev-parse', 'HEAD');
    writeFileSync(join(repo, 'c.txt'), 'c\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'second');
    const runtime = makeRuntime();
    const settings = { agent: 'demo' as const };
    const plain = await runtime.call('xray.preview', { repo, settings });
    const chosen = await runtime.call('xray.preview', { repo, settings, baseRef: first, paths: ['a.txt', 'src'] });
    const section = (m: typeof plain, id: string) => m.system.find((s) => s.id === id)!;
    // The reference files the selection names, not "(none)"; the base the Inspector chose in the runtime section.
    expect(section(plain, 'system-references').preview).toContain('(none)');
    expect(section(chosen, 'system-references').preview).toMatch(/a\.txt/);
    expect(section(chosen, 'system-references').bytes).toBeGreaterThan(section(plain, 'system-references').bytes!);
    expect(section(chosen, 'system-runtime').preview).toContain(first.slice(0, 7));
    // The same bytes the run bar's preview measures for that context.
    const measured = await runtime.call('runs.preview', { repo, ask: 'x', settings, baseRef: first, paths: ['a.txt', 'src'] });
    const refs = measured.sections.find((s) => s.name === 'references')!;
    // (The staged folder's name carries the time: the same length, other bytes.)
    expect(section(chosen, 'system-references').bytes).toBe(refs.bytes);
    expect(chosen.system.map((s) => s.id)).not.toContain('system-ask');
    await runtime.close();
  });
});
