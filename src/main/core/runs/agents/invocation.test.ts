import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLauncher } from '../../process/launcher';
import type { AgentAdapter, InvocationInput } from './adapter';
import { claudeAdapter, INLINE_SCHEMA_MAX_BYTES } from './claude';
import { CODEX_SCHEMA_FILE, codexAdapter, tomlString } from './codex';
import { customAdapter } from './custom';
import { createDemoAdapter } from './demo';
import { geminiAdapter } from './gemini';
import { probe } from './version-probe';
import { FIXTURES } from './test-support';
import { agentsBin } from '../../testing/agents';

/** Every flag an option line of a captured --help text defines ("  -c, --config <key=value>" → -c, --config). */
function helpFlags(cli: string, file: string): Set<string> {
  const flags = new Set<string>();
  for (const line of readFileSync(join(FIXTURES, cli, file), 'utf8').split('\n')) {
    if (!/^\s+-/.test(line)) continue;
    const head = line.trim().split(/\s{2,}|\s[<[]/)[0]!;
    for (const f of head.split(/,\s*/)) if (/^--?[A-Za-z]/.test(f)) flags.add(f.trim());
  }
  return flags;
}

const flagsOf = (args: string[]) => args.filter((a) => a.startsWith('-') && a !== '-');

const base: InvocationInput = {
  prompt: 'say hi\n',
  schema: null,
  model: null,
  resumeSessionId: null,
  contextDir: '/data/runs/r1/context',
  runId: 'r1',
  repoRoot: '/repo',
  extraArgs: [],
  mcp: null,
  command: null,
  demo: null,
};
const SCHEMA = '{"type":"object","properties":{"name":{"type":"string","description":"naïve"}}}';
const MCP = { name: 'loupe', command: '/opt/Loupe/loupe', args: ['mcp', '--thread', 't 1'] };
const full: InvocationInput = { ...base, model: 'm-1', resumeSessionId: 'sess-1', schema: SCHEMA, mcp: MCP, extraArgs: ['--extra'] };
const variants: Record<string, InvocationInput> = {
  fresh: base,
  model: { ...base, model: 'm-1' },
  resume: { ...base, resumeSessionId: 'sess-1' },
  schema: { ...base, schema: SCHEMA },
  mcp: { ...base, mcp: MCP },
  untrusted: { ...base, projectConfig: { load: false, mcpJson: true } },
  trusted: { ...base, mcp: MCP, projectConfig: { load: true, mcpJson: true } },
};

describe('every flag an adapter emits is one the real CLI lists in its --help', () => {
  const cases: [string, AgentAdapter, (i: InvocationInput) => string][] = [
    ['claude', claudeAdapter, () => 'help.txt'],
    ['codex', codexAdapter, (i) => (i.resumeSessionId ? 'exec-resume-help.txt' : 'exec-help.txt')],
    ['gemini', geminiAdapter, () => 'help.txt'],
  ];
  for (const [cli, adapter, helpFile] of cases) {
    it(cli, () => {
      for (const [name, input] of Object.entries(variants)) {
        const known = helpFlags(cli, helpFile(input));
        expect(known.size, `${cli} ${helpFile(input)}`).toBeGreaterThan(15);
        const args = adapter.invocation(input, `/bin/${cli}`).args;
        expect(flagsOf(args).filter((f) => !known.has(f)), `${cli} ${name}: ${args.join(' ')}`).toEqual([]);
      }
    });
  }

  it('the checker itself rejects a flag the CLI does not have', () => {
    expect(helpFlags('claude', 'help.txt').has('--json-schema')).toBe(true);
    expect(helpFlags('claude', 'help.txt').has('--output-schema')).toBe(false);
    expect(helpFlags('codex', 'exec-resume-help.txt').has('--add-dir')).toBe(false);
    expect(helpFlags('gemini', 'help.txt').has('--skip-trust')).toBe(true);
  });
});

describe('claude invocation', () => {
  it('fresh: print mode, stream-json with --verbose, the staged folder readable, prompt on stdin', () => {
    const inv = claudeAdapter.invocation(base, '/bin/claude');
    expect(inv).toEqual({
      command: '/bin/claude',
      args: ['-p', '--output-format', 'stream-json', '--verbose', '--add-dir', '/data/runs/r1/context'],
      env: {},
      stdin: 'say hi\n',
      schemaBytes: 0,
    });
  });

  it('model, resume, schema by flag (its UTF-8 bytes), MCP as JSON, extra args last', () => {
    const inv = claudeAdapter.invocation(full, '/bin/claude');
    const mcpJson = JSON.stringify({ mcpServers: { loupe: { type: 'stdio', command: MCP.command, args: MCP.args } } });
    expect(inv.args).toEqual([
      '-p', '--output-format', 'stream-json', '--verbose', '--allowedTools', 'mcp__loupe', '--add-dir', '/data/runs/r1/context',
      '--model', 'm-1', '-r', 'sess-1', '--json-schema', SCHEMA, '--mcp-config', mcpJson, '--extra',
    ]);
    expect(inv.schemaBytes).toBe(Buffer.byteLength(SCHEMA, 'utf8'));
    expect(inv.schemaBytes).toBe(SCHEMA.length + 1); // "ï" is two bytes
    expect(inv.stdin).toBe('say hi\n');
  });

  it('a schema too long for one argument travels on stdin instead (schemaBytes 0)', () => {
    const big = JSON.stringify({ type: 'object', description: 'x'.repeat(INLINE_SCHEMA_MAX_BYTES) });
    const inv = claudeAdapter.invocation({ ...base, schema: big }, '/bin/claude');
    expect(inv.args).not.toContain('--json-schema');
    expect(inv.schemaBytes).toBe(0);
    expect(inv.stdin.startsWith('say hi\n\n## Output schema\n')).toBe(true);
    expect(inv.stdin).toContain(big);
  });
});

describe('codex invocation', () => {
  it('fresh and resume: options after `resume`, prompt from stdin via `-`', () => {
    expect(codexAdapter.invocation(base, '/bin/codex').args).toEqual(['exec', '--json', '--skip-git-repo-check', '-']);
    expect(codexAdapter.invocation({ ...base, resumeSessionId: 'th-1', model: 'gpt-5' }, '/bin/codex').args).toEqual([
      'exec', 'resume', 'th-1', '--json', '--skip-git-repo-check', '-m', 'gpt-5', '-',
    ]);
  });

  it('schema: a file in the staged folder for the runner to write, counted in schemaBytes', () => {
    const inv = codexAdapter.invocation(full, '/bin/codex');
    const file = join('/data/runs/r1/context', CODEX_SCHEMA_FILE);
    expect(inv.args.slice(0, 9)).toEqual(['exec', 'resume', 'sess-1', '--json', '--skip-git-repo-check', '-m', 'm-1', '--output-schema', file]);
    expect(inv.files).toEqual([{ path: file, content: SCHEMA }]);
    expect(inv.schemaBytes).toBe(Buffer.byteLength(SCHEMA));
    expect(inv.stdin).toBe('say hi\n');
    expect(inv.args.slice(-2)).toEqual(['--extra', '-']);
  });

  it('MCP: -c overrides with TOML strings', () => {
    const args = codexAdapter.invocation(variants.mcp!, '/bin/codex').args;
    expect(args).toContain('mcp_servers.loupe.command="/opt/Loupe/loupe"');
    expect(args).toContain('mcp_servers.loupe.args=["mcp","--thread","t 1"]');
    expect(() => codexAdapter.invocation({ ...base, mcp: { ...MCP, name: 'a.b' } }, '/bin/codex')).toThrow(/letters, digits/);
  });

  it('TOML strings escape quotes, backslashes and control characters (DEL included)', () => {
    expect(tomlString('C:\\Program Files\\"x"')).toBe('"C:\\\\Program Files\\\\\\"x\\""');
    expect(tomlString('a\nb\tc\u0001\u007f')).toBe('"a\\nb\\tc\\u0001\\u007f"');
    expect(tomlString('é 🚀')).toBe('"é 🚀"');
    expect(() => tomlString('\ud800')).toThrow(/not valid Unicode/);
  });

  const realCodex = join(agentsBin(), 'codex');
  const home = mkdtempSync(join(tmpdir(), 'loupe-codex-home-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));
  // Needs the real CLI (`npm run agents:install`; skipped where it is absent).
  it.runIf(existsSync(realCodex))('the real codex reads the same command and arguments back (`codex mcp list --json`)', async () => {
    const mcp = { name: 'loupe', command: '/opt/my "Loupe"/loupe', args: ['mcp', 'back\\slash', 'line\nbreak', 'tab\there', 'é 🚀', ''] };
    const overrides = codexAdapter.invocation({ ...base, mcp }, realCodex).args.filter((a, i, all) => a === '-c' || all[i - 1] === '-c');
    const launcher = createLauncher();
    const r = await probe({ spawn: launcher.spawn, env: { PATH: process.env.PATH, HOME: home } }, realCodex, [...overrides, 'mcp', 'list', '--json'], { timeoutMs: 20_000, cwd: home });
    expect(r.exit?.code, r.stderr).toBe(0);
    const servers = JSON.parse(r.stdout) as { name: string; transport: { command: string; args: string[] } }[];
    expect(servers.find((s) => s.name === 'loupe')?.transport).toMatchObject({ command: mcp.command, args: mcp.args });
  });
});

describe('gemini invocation', () => {
  it('no -p (stdin alone runs headless), --skip-trust, the staged folder in the workspace', () => {
    expect(geminiAdapter.invocation(base, '/bin/gemini')).toEqual({
      command: '/bin/gemini',
      args: ['--output-format', 'stream-json', '--skip-trust', '--include-directories', '/data/runs/r1/context'],
      env: {},
      stdin: 'say hi\n',
      schemaBytes: 0,
    });
  });

  it('model and resume by flag; schema as a stdin section; MCP not offered', () => {
    const inv = geminiAdapter.invocation(full, '/bin/gemini');
    expect(inv.args).toEqual(['--output-format', 'stream-json', '--skip-trust', '--include-directories', '/data/runs/r1/context', '-m', 'm-1', '-r', 'sess-1', '--extra']);
    expect(inv.stdin).toBe(`say hi\n\n## Output schema\n\nAnswer with one JSON value that matches this JSON Schema:\n\n${SCHEMA}\n`);
    expect(inv.schemaBytes).toBe(0);
    expect(inv.args.join(' ')).not.toMatch(/mcp/i);
    expect(geminiAdapter.capabilities).toEqual({ schema: 'stdin', mcp: false });
  });
});

describe('custom and demo invocations', () => {
  it('custom: the command line split without a shell, extra args after it, schema on stdin', () => {
    const inv = customAdapter.invocation({ ...base, command: `my-agent --name 'two words' "a \\"q\\""`, extraArgs: ['-x'], schema: SCHEMA }, '');
    expect(inv.command).toBe('my-agent');
    expect(inv.args).toEqual(['--name', 'two words', 'a "q"', '-x']);
    expect(inv.stdin).toContain(SCHEMA);
    expect(inv.schemaBytes).toBe(0);
    expect(() => customAdapter.invocation({ ...base, command: '  ' }, '')).toThrow(/needs its command line/);
  });

  it('demo: the Node binary running the script with exactly the claude arguments, its state folder, Electron as Node', () => {
    const demo = createDemoAdapter(() => ({ nodePath: '/default/node', script: '/default/demo.mjs' }));
    const input = { ...full, demo: { nodePath: '/app/electron', script: '/app/resources/demo-agent/demo-agent.mjs', stateDir: '/data/demo' } };
    const inv = demo.invocation(input, 'ignored');
    expect(inv.command).toBe('/app/electron');
    expect(inv.args).toEqual(['/app/resources/demo-agent/demo-agent.mjs', ...claudeAdapter.invocation(full, '/bin/claude').args]);
    expect(inv.env).toEqual({ ELECTRON_RUN_AS_NODE: '1', LOUPE_DEMO_HOME: '/data/demo' });
    expect(inv.schemaBytes).toBe(Buffer.byteLength(SCHEMA));
    expect(demo.invocation(base, 'ignored').args[0]).toBe('/default/demo.mjs');
  });
});

describe("Loupe's workspace trust on each command line", () => {
  it('claude, untrusted: --setting-sources user, and --strict-mcp-config only when there is a .mcp.json (the user keeps their own servers otherwise)', () => {
    const args = (projectConfig: InvocationInput['projectConfig']) => claudeAdapter.invocation({ ...base, mcp: MCP, projectConfig, extraArgs: ['--extra'] }, 'claude').args;
    expect(args({ load: false, mcpJson: true }).slice(-4)).toEqual(['--setting-sources', 'user', '--strict-mcp-config', '--extra']);
    expect(args({ load: false, mcpJson: false }).slice(-3)).toEqual(['--setting-sources', 'user', '--extra']);
    // Loupe's own X-Ray server still travels by --mcp-config, which strict MCP config keeps.
    expect(args({ load: false, mcpJson: true })).toContain('--mcp-config');
    expect(args({ load: true, mcpJson: true })).not.toContain('--setting-sources');
    expect(args(undefined)).not.toContain('--setting-sources');
  });

  it('gemini: trusted in Loupe, GEMINI_CLI_TRUST_WORKSPACE=true from the start; untrusted, --skip-trust alone', () => {
    expect(geminiAdapter.invocation({ ...base, projectConfig: { load: true, mcpJson: false } }, 'gemini').env).toEqual({ GEMINI_CLI_TRUST_WORKSPACE: 'true' });
    const untrusted = geminiAdapter.invocation({ ...base, projectConfig: { load: false, mcpJson: false } }, 'gemini');
    expect(untrusted.env).toEqual({});
    expect(untrusted.args).toContain('--skip-trust');
  });

  it('codex: trusted in Loupe, -c projects.<repo>.trust_level="trusted" before the prompt (not for a path codex would split); untrusted, nothing', () => {
    const trusted = codexAdapter.invocation({ ...base, repoRoot: '/work/my repo', projectConfig: { load: true, mcpJson: false } }, 'codex').args;
    expect(trusted.slice(-3)).toEqual(['-c', 'projects./work/my repo.trust_level="trusted"', '-']);
    expect(codexAdapter.invocation({ ...base, repoRoot: '/work/my.repo', projectConfig: { load: true, mcpJson: false } }, 'codex').args.join(' ')).not.toContain('projects.');
    expect(codexAdapter.invocation({ ...base, projectConfig: { load: false, mcpJson: false } }, 'codex').args.join(' ')).not.toContain('projects.');
  });
});
