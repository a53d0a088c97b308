import { describe, expect, it } from 'vitest';
import type { RelayRequest } from '../relay';
import { composeStages } from './chain';

const request = (body: string): RelayRequest => ({ seq: 1, provider: 'anthropic', method: 'POST', endpoint: '/v1/messages', query: {}, headers: {}, body: Buffer.from(body), startedAt: 0 });

describe('composeStages', () => {
  it('passes each stage the one exchange, with the body the one before left and its typed results', async () => {
    let seen = '';
    const run = composeStages([
      (x) => {
        x.body = Buffer.from(x.body.toString().replace('secret', '[redacted]'));
        x.secrets = { mode: 'redact', found: [], redacted: 1 };
      },
      (x) => {
        seen = `${x.body.toString()} ${x.secrets?.redacted}`;
      },
    ]);
    const decision = await run(request('a secret'));
    expect(decision).toMatchObject({ kind: 'forward', body: Buffer.from('a [redacted]') });
    expect(decision.exchange.secrets).toEqual({ mode: 'redact', found: [], redacted: 1 });
    expect(decision.exchange.request.body.toString()).toBe('a secret');
    expect(seen).toBe('a [redacted] 1');
  });

  it('stops at the first stage that answers; a throwing stage is skipped, a throwing guard answers', async () => {
    let reached = false;
    const run = composeStages([
      () => {
        throw new Error('broken');
      },
      () => ({ kind: 'answer', status: 400, message: 'blocked' }),
      () => {
        reached = true;
      },
    ]);
    expect(await run(request('x'))).toMatchObject({ kind: 'answer', status: 400, message: 'blocked', exchange: { answer: { status: 400, message: 'blocked' } } });
    expect(reached).toBe(false);
    const forwarded = await composeStages([() => undefined])(request('x'));
    expect(forwarded.kind).toBe('forward');
    expect('body' in forwarded).toBe(false);
    const guarded = composeStages([
      {
        stage: () => {
          throw new Error('scan failed');
        },
        onError: (err) => ({ status: 400, message: `refused: ${err.message}` }),
      },
    ]);
    expect(await guarded(request('x'))).toMatchObject({ kind: 'answer', status: 400, message: 'refused: scan failed' });
  });
});
