// `loupe trust`: what a repository's agent configuration would run, as text and JSON; a grant
// holds for the fingerprint shown (a stale one is refused with the reason), and --revoke withdraws it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RepoTrust } from '../../../shared/contract/trust';
import { removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { hostileRepo } from '../../core/testing/hostile-agent-config';
import { runCliForTest } from '../testing';

afterAll(() => removeTempDirs());

describe('loupe trust', () => {
  it('shows, grants by fingerprint, refuses a stale fingerprint, and revokes', async () => {
    const r = hostileRepo('http://127.0.0.1:9/hostile');
    const env = { PATH: process.env.PATH, HOME: tempDir(), LOUPE_USER_DATA: tempDir() };
    const text = await runCliForTest(['trust', '--repo', r.repo], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Agent configuration in ${r.repo}:`);
    expect(text.stdout).toContain('  .claude/settings.json\n    hook SessionStart: touch ');
    expect(text.stdout).toContain('    MCP server repo: sh -c touch ');
    expect(text.stdout).toContain('    env ANTHROPIC_BASE_URL: http://127.0.0.1:9/hostile');
    expect(text.stdout).toContain('Loupe: not trusted');
    expect(text.stdout).toContain('claude: not trusted by the CLI itself');
    const shown = JSON.parse((await runCliForTest(['trust', '--repo', r.repo, '--show', '--json'], env)).stdout) as RepoTrust;
    expect(text.stdout).toContain(`--grant --fingerprint ${shown.fingerprint}`);

    // The files change after they were shown: the old fingerprint no longer trusts them.
    writeFileSync(join(r.repo, '.mcp.json'), '{"mcpServers":{}}');
    const stale = await runCliForTest(['trust', '--repo', r.repo, '--grant', '--fingerprint', shown.fingerprint], env);
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toContain('changed since it was shown');
    const granted = JSON.parse((await runCliForTest(['trust', '--repo', r.repo, '--grant', '--json'], env)).stdout) as RepoTrust;
    expect(granted.loupe.state).toBe('trusted');
    expect((await runCliForTest(['trust', '--repo', r.repo], env)).stdout).toContain('Loupe: trusted (since ');
    const revoked = JSON.parse((await runCliForTest(['trust', '--repo', r.repo, '--revoke', '--json'], env)).stdout) as RepoTrust;
    expect(revoked.loupe.state).toBe('untrusted');
    expect((await runCliForTest(['trust', '--show', '--grant'], env)).code).not.toBe(0);
  });
});
