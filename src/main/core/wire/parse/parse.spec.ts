// The content memo (segment hashes and secret checks of content parsed before) changes no
// record: every request parses to exactly what a parse with no memo gives, in each API,
// whatever was parsed before (the same request again, its history, the same output
// under another call).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, wireBody } from '../../testing/wire-requests';
import type { WireProvider } from '../providers';
import { jsonObjectOf, parseBody, parseRequest, type ParsedRequest } from '.';

const PROVIDERS: WireProvider[] = ['anthropic', 'openai', 'gemini'];
/** A body whose turn-1 result holds a secret-named variable with a value (its preview must be hidden). */
const withSecret = (body: Buffer) => Buffer.from(body.toString().replace('RESULT-MARKER-00001-END', 'RESULT-MARKER-00001-END\\nDB_PASSWORD=hunter2-not-a-placeholder\\n'));
/** The parse with no memo: what every request recorded before the memo. */
const fresh = (provider: WireProvider, body: Buffer) => parseBody(provider, ENDPOINTS[provider], jsonObjectOf(body)!, body.length);
/** Through the wire's own entry (memo in force); a new Buffer each time, as off the wire. */
const viaWire = (provider: WireProvider, body: Buffer) => parseRequest(provider, 'POST', ENDPOINTS[provider], Buffer.from(body))!;
/** What is recorded of a parse, as one digest (the nodes point into the body: left out). */
const digest = (p: ParsedRequest) => createHash('sha256').update(JSON.stringify({ ...p, nodes: undefined })).digest('hex').slice(0, 16);

describe('parseRequest with the content memo', () => {
  it.each(PROVIDERS)('%s: the same records as a parse with no memo, first seen, seen again, and as the next request of its session', (provider) => {
    const first = withSecret(wireBody(provider, { turns: 6, resultChars: 3000 }));
    const next = withSecret(wireBody(provider, { turns: 7, resultChars: 3000 }));
    const expected = fresh(provider, first);
    const hidden = expected.segments.filter((s) => s.preview.includes('[result not shown'));
    expect(hidden.length, 'the secret result is hidden').toBe(1);
    expect(viaWire(provider, first)).toEqual(expected);
    expect(viaWire(provider, first)).toEqual(expected);
    expect(viaWire(provider, next)).toEqual(fresh(provider, next));
  });

  it('keeps the secret check by output AND input: the same output read from .env is hidden, from notes.md is shown', () => {
    const out = `API_URL=https://example.com\nMODE=fast ${Date.now()}`;
    const body = (path: string) =>
      Buffer.from(
        JSON.stringify({
          model: 'claude-x',
          messages: [
            { role: 'user', content: 'read it' },
            { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: path } }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: out }] },
          ],
        }),
      );
    const previewOf = (b: Buffer) => viaWire('anthropic', b).segments.find((s) => s.kind === 'tool')!.preview;
    expect(previewOf(body('/repo/notes.md'))).toContain('API_URL=https://example.com');
    expect(previewOf(body('/repo/.env'))).toContain('[result not shown');
    expect(previewOf(body('/repo/notes.md'))).toContain('API_URL=https://example.com');
  });

  it('records what it recorded before the memo (digests of the parse with no memo, taken before the change)', () => {
    const digests = Object.fromEntries(PROVIDERS.map((p) => [p, digest(viaWire(p, withSecret(wireBody(p, { turns: 6, resultChars: 3000 }))))]));
    expect(digests).toEqual(GOLDEN);
  });
});

const GOLDEN = { anthropic: '8e4dc99924d897a8', openai: '97b9bd2618fe5553', gemini: 'ac8fec9fe16d0016' };
