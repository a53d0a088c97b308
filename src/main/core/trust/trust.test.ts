// Loupe's workspace trust over real files in temp folders: what a repository's agent
// configuration would run, each CLI's own earlier decision, and the decision a run gets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, removeTempDirs, tempDir } from '../testing/fixtures';
import { hostileRepo } from '../testing/hostile-agent-config';
import { openStore } from '../store/store';
import { claudeProjectBaseUrl, readAgentConfig } from './agent-config';
import { claudeTrust, codexTrust, geminiTrust } from './cli-trust';
import { projectTrust, repoTrust } from './trust';
import { deleteGrant, writeGrant } from './trust-store';

afterAll(() => removeTempDirs());

const db = () => openStore(join(tempDir(), 'loupe.db'));

describe('what a repository’s agent configuration would run', () => {
  it('lists every vector of the hostile repository: hooks, helpers, MCP servers, the status line, env overrides', () => {
    const r = hostileRepo('http://127.0.0.1:9/hostile');
    const config = readAgentConfig(r.repo);
    expect(config.files).toEqual(['.claude/settings.json', '.claude/settings.local.json', '.mcp.json', '.gemini/settings.json', '.gemini/.env', '.codex/config.toml']);
    const of = (file: string) => config.items.filter((i) => i.file === file).map((i) => `${i.kind} ${i.name}`);
    expect(of('.claude/settings.json')).toEqual(['hook SessionStart', 'hook UserPromptSubmit', 'hook PreToolUse', 'env ANTHROPIC_BASE_URL', 'helper apiKeyHelper', 'status-line statusLine']);
    expect(of('.claude/settings.local.json')).toEqual(['hook SessionStart']);
    expect(of('.mcp.json')).toEqual(['mcp-server repo']);
    expect(of('.gemini/settings.json')).toEqual(['mcp-server repo']);
    expect(of('.gemini/.env')).toEqual(['env GOOGLE_GEMINI_BASE_URL', 'env GEMINI_API_KEY']);
    expect(of('.codex/config.toml')).toEqual(['helper notify', 'mcp-server repo', 'mcp-server repo']);
    // The commands themselves are shown, so the user sees what would run.
    expect(config.items.find((i) => i.name === 'apiKeyHelper')!.detail).toContain(join(r.markers, 'claude-api-key-helper'));
    expect(config.items.find((i) => i.file === '.mcp.json')!.detail).toContain(`sh -c touch '${join(r.markers, 'claude-mcp-json')}'`);
    expect(claudeProjectBaseUrl(r.repo)).toBe('http://127.0.0.1:9/hostile');
  });

  it('a repository without agent configuration has none, and its fingerprint changes with any byte of it', () => {
    const repo = makeRepo({ 'README.md': 'x\n' });
    expect(readAgentConfig(repo)).toMatchObject({ files: [], items: [] });
    const before = readAgentConfig(repo).fingerprint;
    mkdirSync(join(repo, '.claude'));
    writeFileSync(join(repo, '.claude', 'settings.json'), '{"model":"x"}');
    const after = readAgentConfig(repo).fingerprint;
    expect(after).not.toBe(before);
    writeFileSync(join(repo, '.claude', 'settings.json'), '{"model":"y"}');
    expect(readAgentConfig(repo).fingerprint).not.toBe(after);
  });

  it('shows no secret: a credential-named variable’s value is hidden, a recognised secret in a command is redacted', async () => {
    const token = `ghp_${'Wq7Zx2Lm9Pk4'.repeat(3)}`;
    const repo = makeRepo({
      '.env': 'DB_PASSWORD=hunter2Correct7Horse\nGOOGLE_GEMINI_BASE_URL=http://elsewhere.example\nDATABASE_URL=postgres://app:pa55word@db.example/app\n',
      '.claude/settings.json': JSON.stringify({ apiKeyHelper: `echo ${token}` }),
    });
    const shown = await repoTrust(db(), repo, { HOME: tempDir() });
    const detail = (name: string) => shown.items.find((i) => i.name === name)!.detail;
    expect(detail('DB_PASSWORD')).toBe('(value hidden: 20 characters)');
    expect(detail('GOOGLE_GEMINI_BASE_URL')).toBe('http://elsewhere.example');
    expect(detail('DATABASE_URL')).toBe('postgres://(hidden)@db.example/app');
    expect(detail('apiKeyHelper')).not.toContain(token.slice(4, 16));
    expect(JSON.stringify(shown)).not.toContain('hunter2');
  });

  it('a file claude may read but Loupe cannot parse is still listed (and still gated)', () => {
    const repo = makeRepo({ '.claude/settings.json': '{ // a comment\n "hooks": {} }' });
    expect(readAgentConfig(repo).items).toMatchObject([{ file: '.claude/settings.json', name: '(unreadable)' }]);
  });
});

describe("each CLI's own earlier trust decision", () => {
  it('claude: hasTrustDialogAccepted for the folder or a parent, in ~/.claude.json or CLAUDE_CONFIG_DIR', () => {
    const home = tempDir();
    const repo = join(home, 'work', 'repo');
    mkdirSync(repo, { recursive: true });
    expect(claudeTrust(repo, { HOME: home }).trusted).toBe(false);
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ projects: { [repo]: { hasTrustDialogAccepted: false } } }));
    expect(claudeTrust(repo, { HOME: home }).trusted).toBe(false);
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ projects: { [join(home, 'work')]: { hasTrustDialogAccepted: true } } }));
    expect(claudeTrust(repo, { HOME: home })).toEqual({ trusted: true, how: `claude's trust dialog was accepted for ${join(home, 'work')}` });
    const dir = tempDir();
    expect(claudeTrust(repo, { HOME: home, CLAUDE_CONFIG_DIR: dir }).trusted).toBe(false);
  });

  it('gemini: trustedFolders.json (TRUST_FOLDER, TRUST_PARENT, the longest rule wins), the env switch, folder trust off', () => {
    const home = tempDir();
    const repo = join(home, 'work', 'repo');
    mkdirSync(join(home, '.gemini'), { recursive: true });
    mkdirSync(repo, { recursive: true });
    expect(geminiTrust(repo, { HOME: home }).trusted).toBe(false);
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [join(home, 'work')]: 'TRUST_FOLDER' }));
    expect(geminiTrust(repo, { HOME: home }).trusted).toBe(true);
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [join(home, 'work')]: 'TRUST_FOLDER', [repo]: 'DO_NOT_TRUST' }));
    expect(geminiTrust(repo, { HOME: home }).trusted).toBe(false);
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [join(repo, 'sub')]: 'TRUST_PARENT' }));
    expect(geminiTrust(repo, { HOME: home }).trusted).toBe(true);
    expect(geminiTrust(repo, { HOME: home, GEMINI_CLI_TRUST_WORKSPACE: 'false' }).trusted).toBe(false);
    expect(geminiTrust(join(home, 'elsewhere'), { HOME: home, GEMINI_CLI_TRUST_WORKSPACE: 'true' }).trusted).toBe(true);
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { folderTrust: { enabled: false } } }));
    expect(geminiTrust(join(home, 'elsewhere'), { HOME: home }).trusted).toBe(true);
  });

  it('codex: [projects."path"] trust_level = "trusted" in CODEX_HOME/config.toml', () => {
    const codexHome = tempDir();
    const repo = tempDir();
    expect(codexTrust(repo, { CODEX_HOME: codexHome }).trusted).toBe(false);
    writeFileSync(join(codexHome, 'config.toml'), `model = "gpt-5"\n[projects."${repo}"]\ntrust_level = "untrusted"\n`);
    expect(codexTrust(repo, { CODEX_HOME: codexHome }).trusted).toBe(false);
    writeFileSync(join(codexHome, 'config.toml'), `[projects."${repo}"]\ntrust_level = "trusted"\n[other]\ntrust_level = "trusted"\n`);
    expect(codexTrust(repo, { CODEX_HOME: codexHome }).trusted).toBe(true);
  });
});

describe('the decision a run gets', () => {
  it('untrusted: left out, and the note names each file with what it would run; granted: loaded; changed since: left out again', async () => {
    const store = db();
    const r = hostileRepo('http://127.0.0.1:9/hostile');
    const env = { HOME: tempDir() };
    const untrusted = projectTrust(store, r.repo, 'claude', env);
    expect(untrusted).toMatchObject({ load: false, mcpJson: true, files: ['.claude/settings.json', '.claude/settings.local.json', '.mcp.json'] });
    expect(untrusted.note).toContain("Loupe ignored this repository's claude configuration (you have not trusted this repository in Loupe): .claude/settings.json (3 hooks, apiKeyHelper (touch ");
    expect(untrusted.note).toContain('1 env override (ANTHROPIC_BASE_URL)');
    expect(untrusted.note).toContain('.mcp.json (1 MCP server)');
    expect(projectTrust(store, r.repo, 'gemini', env)).toMatchObject({ load: false, files: ['.gemini/settings.json', '.gemini/.env'] });
    expect(projectTrust(store, r.repo, 'codex', env)).toMatchObject({ load: false, files: ['.codex/config.toml'] });

    writeGrant(store, r.repo, (await repoTrust(store, r.repo, env)).fingerprint, new Date('2026-12-02T10:00:00Z'));
    expect((await repoTrust(store, r.repo, env)).loupe).toEqual({ state: 'trusted', grantedAt: '2026-12-02T10:00:00.000Z' });
    const trusted = projectTrust(store, r.repo, 'claude', env);
    expect(trusted).toMatchObject({ load: true, how: 'trusted in Loupe' });
    expect(trusted.note).toContain("Loupe loaded this repository's claude configuration, trusted in Loupe on 2026-12-02");

    writeFileSync(join(r.repo, '.mcp.json'), JSON.stringify({ mcpServers: { another: { command: 'sh' } } }));
    expect((await repoTrust(store, r.repo, env)).loupe.state).toBe('changed');
    const changed = projectTrust(store, r.repo, 'claude', env);
    expect(changed.load).toBe(false);
    expect(changed.note).toContain('(it changed since you trusted it in Loupe)');
    deleteGrant(store, r.repo);
    expect((await repoTrust(store, r.repo, env)).loupe.state).toBe('untrusted');
    store.close();
  });

  it("the CLI's own trust is honoured; agents Loupe does not gate always load; no files, no note", () => {
    const store = db();
    const r = hostileRepo('http://127.0.0.1:9/hostile');
    const home = tempDir();
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ projects: { [r.repo]: { hasTrustDialogAccepted: true } } }));
    expect(projectTrust(store, r.repo, 'claude', { HOME: home })).toMatchObject({ load: true, note: null });
    expect(projectTrust(store, r.repo, 'custom', {})).toMatchObject({ load: true, note: null });
    expect(projectTrust(store, makeRepo({ 'a.md': 'a\n' }), 'claude', { HOME: tempDir() })).toMatchObject({ load: false, mcpJson: false, note: null });
    store.close();
  });
});
