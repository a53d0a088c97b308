// A directive made on a run's wire session belongs to the run's thread: the thread's
// X-Ray is told (a `thread` event, as if made there), so its list and its "Next fresh
// prompt" change (issue 34 item 5: evicting from the wire view left the next fresh
// prompt unchanged). Real runner (a custom agent that captures stdin), a real wire
// session for the thread's run, the scripted Anthropic provider.
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RunSettingsInput } from '../../../shared/contract/runs';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { nodeCmd, waitForRun } from '../testing/runs';
import { startProvider } from '../testing/providers';
import { openWireSession } from '../wire/session';

afterAll(removeTempDirs);

const agent = (out: string, reply: string): RunSettingsInput => ({
  agent: 'custom',
  command: nodeCmd(`const c=[];process.stdin.on('data',d=>c.push(d)).on('end',()=>{require('fs').writeFileSync(${JSON.stringify(out)},Buffer.concat(c));console.log(${reply})})`),
});

describe('a directive on a run’s wire session', () => {
  it('is announced on the run’s thread, and the next fresh prompt is measured without the segment', async () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const runtime = makeRuntime();
    const out = join(tempDir(), 'stdin.txt');
    const one = await runtime.call('runs.start', { repo, ask: 'First ask', settings: agent(out, `'BIG_REPLY '+'x'.repeat(40000)`) });
    const threadId = (await waitForRun(runtime, one.run.id)).run.threadId;
    const two = await runtime.call('runs.start', { repo, ask: 'Second ask', settings: agent(out, `'small reply'`), threadId });
    await waitForRun(runtime, two.run.id);
    const big = (await runtime.call('xray.manifest', { threadId })).segments.find((s) => s.kind === 'assistant' && s.preview.startsWith('BIG_REPLY'))!;

    // The CLI of the thread's run sends the same history through Loupe's relay.
    const provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'ok' } }] } });
    const wire = await openWireSession(runtime.deps, { kind: 'run', agent: 'claude', repo, runId: two.run.id, threadId, upstreams: { anthropic: provider.url } });
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      messages: [
        { role: 'user', content: 'First ask' },
        { role: 'assistant', content: [{ type: 'text', text: `BIG_REPLY ${'x'.repeat(40000)}` }] },
        { role: 'user', content: 'Second ask' },
      ],
    };
    const res = await fetch(`${wire.relay.baseUrl('anthropic')}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    await res.text();
    await wire.settled();
    const onWire = (await runtime.call('xray.manifest', { wireSession: wire.id })).segments.find((s) => s.kind === 'assistant')!;
    expect(onWire.id).toBe(big.id);

    const before = await runtime.call('xray.measure', { threadId });
    const publish = vi.spyOn(runtime.deps.streams, 'publish');
    await runtime.call('xray.evict', { wireSession: wire.id, segmentId: big.id });
    const told = publish.mock.calls.filter(([kind, id]) => kind === 'thread' && id === threadId);
    expect(told.map(([, , p]) => (p as { reason?: string }).reason)).toEqual(['directive']);
    expect((await runtime.call('xray.manifest', { threadId })).segments.find((s) => s.id === big.id)!.status).toBe('evicted');
    const after = await runtime.call('xray.measure', { threadId });
    expect(before.promptBytes - after.promptBytes).toBeGreaterThan(40_000);
    // Summarized from the wire view: announced again, and the fresh prompt carries the summary instead.
    publish.mockClear();
    await runtime.call('xray.summarize', { wireSession: wire.id, segmentId: big.id, summary: 'A long reply of x.' });
    expect(publish.mock.calls.filter(([kind, id]) => kind === 'thread' && id === threadId)).toHaveLength(1);
    const summarized = await runtime.call('xray.measure', { threadId });
    expect(summarized.promptBytes).toBeGreaterThan(after.promptBytes);
    expect(before.promptBytes - summarized.promptBytes).toBeGreaterThan(39_000);
    await wire.close();
    await provider.close();
    await runtime.close();
  }, 90_000);
});
