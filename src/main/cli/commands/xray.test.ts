import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../shared/contract/xray';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { runCliForTest } from '../testing';

afterAll(removeTempDirs);

describe('loupe xray', () => {
  it('prints a thread manifest (meter, system sections, segments by size) and pins, evicts and restores by segment id', async () => {
    const repo = makeRepo({ 'notes.md': 'hello\n'.repeat(300) });
    const env = { ...process.env, LOUPE_USER_DATA: tempDir() };
    const ran = await runCliForTest(['run', '--repo', repo, '--ask', 'Read the notes', '--agent', 'demo', '--json', 'notes.md'], env);
    expect(ran.code).toBe(0);
    const threadId = (JSON.parse(ran.stdout) as { threadId: string }).threadId;

    const shown = await runCliForTest(['xray', threadId], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^\[[█▓▒■/·]{60}\] 200,000-token window$/m);
    expect(shown.stdout).toMatch(/Reserve, kept free for the answer\s+30,000\s+of the window/);
    expect(shown.stdout).toContain('used (system + conversation, never the reserve)');
    expect(shown.stdout).toContain('Directives are intent only');
    expect(shown.stdout).toMatch(/required\s+framework-core/);
    expect(shown.stdout).toContain('[loaded by the CLI]');
    const json = await runCliForTest(['xray', threadId, '--json'], env);
    const m = JSON.parse(json.stdout) as Manifest;
    const largest = [...m.segments].sort((a, b) => b.tokens.tokens - a.tokens.tokens)[0]!;
    expect(largest.kind).toBe('file-read');
    // Segments are listed largest first: the file read's id comes before every other segment's.
    const order = m.segments.map((s) => shown.stdout.indexOf(s.id));
    expect(Math.min(...order)).toBe(shown.stdout.indexOf(largest.id));

    const evicted = await runCliForTest(['xray', 'evict', threadId, largest.id, '--json'], env);
    expect(evicted.code).toBe(0);
    expect((JSON.parse(evicted.stdout) as Manifest).segments.find((s) => s.id === largest.id)!.status).toBe('evicted');
    const pinned = await runCliForTest(['xray', 'pin', threadId, largest.id], env);
    expect(pinned.stderr).toContain(`${largest.id}: pinned (intent`);
    const restored = await runCliForTest(['xray', 'restore', threadId, largest.id], env);
    expect(restored.stderr).toContain(`${largest.id}: active`);

    const missing = await runCliForTest(['xray', 'evict', threadId, 'tool-0000'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('has no segment tool-0000');
    const usage = await runCliForTest(['xray', 'pin', threadId], env);
    expect(usage.code).toBe(2);
    // --now goes with evict and summarize only (it times an eviction on the wire).
    const nowPin = await runCliForTest(['xray', 'pin', '--now', threadId, largest.id], env);
    expect(nowPin.code).toBe(2);
    expect(nowPin.stderr).toContain('--now goes with evict or summarize');
  });
});
