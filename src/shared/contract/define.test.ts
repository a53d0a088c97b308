import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, methodNames } from '../api';
import { LoupeError } from '../errors';
import { parseRequest } from '../validate';
import { lazy, method } from './define';

describe('method: a schema built on first use', () => {
  it('does not build the schema until the request is read, then builds it once', () => {
    let builds = 0;
    const spec = method<{ ok: true }>()(() => {
      builds++;
      return z.object({ name: z.string() }).strict();
    });
    expect(builds).toBe(0);
    const first = spec.request;
    expect(builds).toBe(1);
    expect(spec.request).toBe(first);
    expect(builds).toBe(1);
    expect(first.safeParse({ name: 'x' }).success).toBe(true);
    expect(first.safeParse({ name: 1 }).success).toBe(false);
  });

  it('lazy() shares one value between the methods that use it, built by the first', () => {
    let builds = 0;
    const shared = lazy(() => {
      builds++;
      return z.string().min(1);
    });
    const a = method<null>()(() => z.object({ a: shared() }));
    const b = method<null>()(() => z.object({ b: shared() }));
    expect(builds).toBe(0);
    expect(a.request.shape.a).toBe(b.request.shape.b);
    expect(builds).toBe(1);
  });
});

describe('the contract', () => {
  it('builds each method on first use: every entry is a getter, the same schema on every read', () => {
    for (const name of methodNames) {
      const entry = contract[name];
      expect(typeof Object.getOwnPropertyDescriptor(entry, 'request')?.get, name).toBe('function');
      expect(entry.request, name).toBe(entry.request);
    }
  });

  it('still refuses bad input with the same clear message (a method built late, a shared piece reused)', () => {
    const refused = (name: Parameters<typeof parseRequest>[0], input: unknown): string => {
      try {
        parseRequest(name, input);
      } catch (err) {
        expect(err).toBeInstanceOf(LoupeError);
        expect((err as LoupeError).code).toBe('invalid-input');
        return (err as LoupeError).message;
      }
      throw new Error(`${name} accepted ${JSON.stringify(input)}`);
    };
    expect(refused('repo.open', { path: '' })).toBe('Invalid repo.open request: path must not be empty.');
    expect(refused('context.inspect', { repo: '/r', paths: ['a\0b'] })).toBe('Invalid context.inspect request: paths.0 must not contain a NUL byte.');
    expect(refused('runs.retry', { runId: 'r1', settings: { agent: 'custom' } })).toBe('Invalid runs.retry request: settings.command is required for a custom agent.');
    expect(refused('xray.pin', { threadId: 't1', segmentId: '' })).toMatch(/^Invalid xray\.pin request: segmentId /);
    expect(parseRequest('runs.list', {})).toEqual({ limit: 100 });
  });
});
