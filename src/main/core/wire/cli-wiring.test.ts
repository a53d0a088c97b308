// claude's base URL from a settings file (issue 33 item 2): claude applies a settings `env` over
// the environment it is started with, so a settings file's ANTHROPIC_BASE_URL (the trusted
// project's, or the user's own) becomes the relay's upstream and `--settings` keeps the relay in
// front; the environment's alone needs nothing more.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { wiringFor } from './cli-wiring';
import { withWireArgs } from './run-wire';

afterAll(() => removeTempDirs());

const relay = () => 'http://127.0.0.1:5/secret/anthropic';

describe("claude's wiring with a settings file's base URL", () => {
  it('the environment only: upstream from ANTHROPIC_BASE_URL, no --settings', () => {
    const w = wiringFor('claude', { HOME: tempDir(), ANTHROPIC_BASE_URL: 'http://own.example' });
    if (w?.kind !== 'wired') throw new Error('not wired');
    expect(w.upstreams.anthropic).toBe('http://own.example');
    expect(w.apply(relay).claudeSettings).toBeUndefined();
  });

  it("a trusted project's base URL is the upstream, and --settings holds the relay's", () => {
    const w = wiringFor('claude', { HOME: tempDir(), ANTHROPIC_BASE_URL: 'http://own.example' }, { anthropicBaseUrl: 'http://project.example' });
    if (w?.kind !== 'wired') throw new Error('not wired');
    expect(w.upstreams.anthropic).toBe('http://project.example');
    expect(JSON.parse(w.apply(relay).claudeSettings!)).toEqual({ env: { ANTHROPIC_BASE_URL: relay() } });
  });

  it("the user's own ~/.claude/settings.json base URL likewise (it too wins over the environment)", () => {
    const home = tempDir();
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'settings.json'), JSON.stringify({ env: { ANTHROPIC_BASE_URL: 'http://user-settings.example' } }));
    const w = wiringFor('claude', { HOME: home });
    if (w?.kind !== 'wired') throw new Error('not wired');
    expect(w.upstreams.anthropic).toBe('http://user-settings.example');
    expect(w.apply(relay).claudeSettings).toContain(relay());
  });

  it('--settings goes right after -p, never among a variadic option’s values', () => {
    expect(withWireArgs(['-p', '--output-format', 'stream-json', '--add-dir', '/ctx'], ['--settings', '/f.json'])).toEqual(['-p', '--settings', '/f.json', '--output-format', 'stream-json', '--add-dir', '/ctx']);
    expect(withWireArgs(['exec', '--json', '-'], ['-c', 'x=1'])).toEqual(['exec', '-c', 'x=1', '--json', '-']);
  });
});
