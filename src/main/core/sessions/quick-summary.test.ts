// A list line from the head and tail only must say what the full read says.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSessionFile } from './parse';
import { quickSummary } from './quick-summary';

const FX = join(__dirname, '../../../../fixtures/sessions');
const FILES = [
  'claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl',
  'claude/spotter/short.jsonl',
  'claude/codemie-code/session-9eda1058.jsonl',
  'claude/loupe-mock-model/projects/-tmp-loupe-agent-repo-ItpI/ac939d1c-76ae-4724-b7cb-8917fabdcdc7.jsonl',
  'claude/loupe-offline/projects/-tmp-loupe-agent-repo-Y3Ph/6a058080-06f7-4c9f-b427-59d8d8966fab.jsonl',
  'codex/codemie-code/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl',
  'codex/codemie-code/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl',
  'codex/loupe-mock-model/sessions/2026/11/30/rollout-2026-11-30T09-47-48-01a22bda-7c65-7be0-b3e8-c67e49adb8c6.jsonl',
  'gemini/loupe-mock-model/tmp/loupe-agent-repo-itpi/chats/session-2026-11-30T09-48-e3459164.jsonl',
  'gemini/agent-sessions/jsonl_v040.jsonl',
];

describe('quickSummary (head + tail) against the full parse', () => {
  it.each(FILES)('%s', async (rel) => {
    const path = join(FX, rel);
    const quick = (await quickSummary(path))!;
    const { session } = await parseSessionFile(path);
    const last = session.contextPoints.at(-1) ?? null;
    expect(quick).toMatchObject({ cli: session.cli, format: session.format, sessionId: session.sessionId, cwd: session.cwd, title: session.title });
    expect(quick.lastContext?.tokens ?? null).toBe(last?.reported ?? null);
    if (last?.model) expect(quick.model).toBe(last.model);
  });

  it('leaves a JSON document to the full read', async () => {
    expect(await quickSummary(join(FX, 'gemini/codemie-code/session-2025-12-01T21-45-5b959dae.json'))).toBeNull();
  });
});
