import { afterAll, describe, expect, it } from 'vitest';
import type { RunStreamEvent } from '../../../shared/contract/runs';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { RunRecorder } from './recorder';
import { readRunEvents, RUN_EVENTS_KEPT } from './store/runs';

afterAll(removeTempDirs);

const line = (text: string): RunStreamEvent => ({ type: 'agent', stepId: 's1', event: { type: 'raw', stream: 'stdout', text } });

describe('RunRecorder', () => {
  it('sends raw lines that arrive together as one event, in order with the others', async () => {
    const rt = makeRuntime();
    const rec = new RunRecorder(() => rt.deps.db, rt.streams, 'run1');
    rec.publish({ type: 'status', status: 'running' });
    for (let i = 0; i < 1200; i++) rec.publish(line(`line ${i}`));
    rec.publish({ type: 'agent', stepId: 's1', event: { type: 'text', text: 'done' } });
    rec.flush();
    const events = readRunEvents(rt.deps.db, 'run1').map((r) => r.event);
    const raws = events.flatMap((e) => (e.type === 'agent' && e.event.type === 'raw' ? [e.event.text] : []));
    // 1,200 lines in batches of at most 500, nothing lost or reordered.
    expect(raws.length).toBe(3);
    expect(raws.join('\n').split('\n')).toEqual(Array.from({ length: 1200 }, (_, i) => `line ${i}`));
    expect(events.at(-1)).toEqual({ type: 'agent', stepId: 's1', event: { type: 'text', text: 'done' } });
    await rt.close();
  });

  it('keeps the beginning and the end of a long run within the bound; status and steps always', async () => {
    const rt = makeRuntime();
    const rec = new RunRecorder(() => rt.deps.db, rt.streams, 'run2');
    rec.publish({ type: 'status', status: 'running' });
    const total = RUN_EVENTS_KEPT.events + 2000;
    for (let i = 0; i < total; i++) rec.publish({ type: 'agent', stepId: 's1', event: { type: 'text', text: `t${i}` } });
    rec.publish({ type: 'status', status: 'succeeded' });
    rec.flush();
    const events = readRunEvents(rt.deps.db, 'run2').map((r) => r.event);
    const texts = events.flatMap((e) => (e.type === 'agent' && e.event.type === 'text' ? [e.event.text] : []));
    expect(texts.length).toBe(RUN_EVENTS_KEPT.events);
    expect(texts[0]).toBe('t0');
    expect(texts[499]).toBe('t499');
    expect(texts.at(-1)).toBe(`t${total - 1}`);
    expect(events.filter((e) => e.type === 'status')).toHaveLength(2);
    await rt.close();
  });
});
