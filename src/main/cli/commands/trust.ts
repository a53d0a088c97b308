import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RepoTrust } from '../../../shared/contract/trust';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';

const KIND_LABEL: Record<RepoTrust['items'][number]['kind'], string> = {
  hook: 'hook',
  helper: 'runs',
  'mcp-server': 'MCP server',
  'status-line': 'status line',
  env: 'env',
  setting: 'setting',
};

/** What a repository's agent configuration would run, file by file, and who trusts it. */
export function formatTrust(t: RepoTrust): string {
  const lines = [`Agent configuration in ${t.repo}:`];
  if (!t.files.length) lines.push('  none (nothing for claude, gemini or codex to load from this repository)');
  for (const file of t.files) {
    lines.push(`  ${file}`);
    const items = t.items.filter((i) => i.file === file);
    if (!items.length) lines.push('    (no settings)');
    for (const i of items) lines.push(`    ${KIND_LABEL[i.kind]} ${i.name}: ${i.detail}`);
  }
  const loupe =
    t.loupe.state === 'trusted'
      ? `trusted (since ${t.loupe.grantedAt})`
      : t.loupe.state === 'changed'
        ? `not trusted: the configuration changed since you trusted it on ${t.loupe.grantedAt}`
        : 'not trusted';
  lines.push(`Loupe: ${loupe}`);
  for (const [cli, own] of Object.entries(t.cli)) lines.push(`${cli}: ${own.trusted ? `trusted by the CLI itself (${own.how})` : 'not trusted by the CLI itself'}`);
  lines.push(`Fingerprint: ${t.fingerprint}`);
  if (t.loupe.state !== 'trusted' && t.files.length) lines.push(`Runs leave this configuration out. To let them load exactly this: loupe trust --repo ${JSON.stringify(t.repo)} --grant --fingerprint ${t.fingerprint}`);
  return `${lines.join('\n')}\n`;
}

/** `loupe trust [--repo DIR] [--show|--grant [--fingerprint HEX]|--revoke] [--json]`: Loupe's workspace trust. */
export const run: CommandRun = async (args, io) => {
  const { values } = parseArgs({
    args,
    options: {
      repo: { type: 'string' },
      show: { type: 'boolean', default: false },
      grant: { type: 'boolean', default: false },
      revoke: { type: 'boolean', default: false },
      fingerprint: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: false,
    strict: true,
  });
  if (Number(values.show) + Number(values.grant) + Number(values.revoke) > 1) throw new UsageError('give one of --show, --grant or --revoke.');
  if (values.fingerprint !== undefined && !values.grant) throw new UsageError('--fingerprint goes with --grant.');
  const repo = resolve(values.repo ?? process.cwd());
  return withRuntime(io, async (runtime, signal) => {
    let t: RepoTrust;
    if (values.revoke) t = await runtime.call('trust.revoke', { repo }, { signal });
    else if (values.grant) {
      // Without --fingerprint: what this command prints is what is trusted (read and granted in one go).
      const fingerprint = values.fingerprint ?? (await runtime.call('trust.show', { repo }, { signal })).fingerprint;
      t = await runtime.call('trust.grant', { repo, fingerprint }, { signal });
    } else t = await runtime.call('trust.show', { repo }, { signal });
    io.stdout(values.json ? `${JSON.stringify(t, null, 2)}\n` : formatTrust(t));
    return EXIT_OK;
  });
};
