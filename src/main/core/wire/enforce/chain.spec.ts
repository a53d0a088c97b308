import { describe, expect, it } from 'vitest';
import type { RelayRequest } from '../relay';
import { composeStages } from './chain';

const request = (body: string): RelayRequest => ({ seq: 1, provider: 'anthropic', method: 'POST', endpoint: '/v1/messages', query: {}, headers: {}, body: Buffer.from(body), startedAt: 0 });

describe('composeStages', () => {
  it('passes each stage the body the one before left, and gathers facts', async () => {
    const run = composeStages([
      ({ body }) => ({ kind: 'continue', body: Buffer.from(body.toString().replace('secret', '[redacted]')), facts: { a: 1 } }),
      ({ body }) => ({ kind: 'continue', facts: { seen: body.toString() } }),
    ]);
    expect(await run(request('a secret'))).toEqual({ kind: 'forward', body: Buffer.from('a [redacted]'), facts: { a: 1, seen: 'a [redacted]' } });
  });

  it('stops at the first stage that answers, and a throwing stage forwards the body unchanged', async () => {
    let reached = false;
    const run = composeStages([
      () => {
        throw new Error('broken');
      },
      () => ({ kind: 'answer', status: 400, message: 'blocked', facts: { budget: 'over' } }),
      () => {
        reached = true;
        return { kind: 'continue' };
      },
    ]);
    expect(await run(request('x'))).toEqual({ kind: 'answer', status: 400, message: 'blocked', facts: { budget: 'over' } });
    expect(reached).toBe(false);
    expect(await composeStages([() => ({ kind: 'continue' })])(request('x'))).toEqual({ kind: 'forward', facts: {} });
  });
});
