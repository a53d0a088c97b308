// Behaviour spec (issue 33 item 7): secrets known by their name, the new formats and the
// new credential names, planted in a repository, never come back from context.inspect
// (either git backend): the credential files are omitted unopened, the values are
// redacted in the previews with their keys kept, and placeholders stay as written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, makeRuntime, removeTempDirs } from '../testing/fixtures';
import { ALNUM, HEX, pick } from '../testing/secret-corpus';

afterAll(removeTempDirs);

const NEW_CREDENTIAL_FILES = ['kubeconfig.yaml', 'deploy/kubeconfig-prod.yml', 'token.json', 'backup/secring.gpg', '.passwd-s3fs', 'home/.ssh/config'];

describe.each([
  ['git CLI', {}],
  ['isomorphic-git', { gitBinary: 'none' }],
] as const)('named secrets never come back from context.inspect (%s)', (_name, options) => {
  const secrets: string[] = [];
  let repo: string;
  beforeAll(() => {
    const plant = (s: string) => (secrets.push(s), s);
    const files: Record<string, string> = {};
    for (const f of NEW_CREDENTIAL_FILES) files[f] = `secret: ${plant(pick(ALNUM, 30))}\n`;
    files['deploy/app.conf'] = [
      `DB_PASSWORD=${plant(`hunter2${pick(ALNUM, 12)}`)}`,
      `api_key = "${plant(pick(HEX, 32))}"`,
      `AZURE_CLIENT_SECRET=${plant(`${pick(ALNUM, 3)}8Q~${pick(ALNUM, 31)}`)}`,
      `CLOUDFLARE_API_TOKEN=${plant(pick(ALNUM, 40))}`,
      `NEW_RELIC_KEY=${plant(`NRAK-${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 27)}`)}`,
      `NOTION=${plant(`secret_${pick(ALNUM, 43)}`)}`,
      'OPTIONAL_PASSWORD=changeme',
      'API_TOKEN=${API_TOKEN}',
      '',
    ].join('\n');
    files['scripts/call.sh'] = `curl -H "Authorization: Bearer ${plant(pick(ALNUM, 40))}" https://api.example.com\ncurl -u "$USER" -H 'Authorization: Basic ${plant(Buffer.from(`ci:${pick(ALNUM, 14)}`).toString('base64'))}' https://ci.example.com\n`;
    files['config.yml'] = `db:\n  password: ${plant(`s3cr3t-${pick(ALNUM, 8)}!`)}\n  user: app\n`;
    repo = makeRepo(files);
  });

  it('omits the new credential names unopened and redacts every named value, keys and placeholders kept', async () => {
    const runtime = makeRuntime(options);
    try {
      const r = await runtime.call('context.inspect', { repo, paths: [...NEW_CREDENTIAL_FILES, 'deploy', 'scripts', 'config.yml'] });
      for (const f of NEW_CREDENTIAL_FILES) expect(r.omissions.find((o) => o.path === f), f).toEqual({ path: f, reason: 'credential', bytes: null });
      const env = r.files.find((f) => f.path === 'deploy/app.conf')!;
      expect(env.redactions).toBe(6);
      for (const kept of ['DB_PASSWORD=[redacted', 'api_key = "[redacted', 'OPTIONAL_PASSWORD=changeme', 'API_TOKEN=${API_TOKEN}']) expect(env.preview).toContain(kept);
      expect(r.files.find((f) => f.path === 'scripts/call.sh')!.redactions).toBe(2);
      expect(r.files.find((f) => f.path === 'config.yml')!.preview).toContain('user: app');
      const body = JSON.stringify(r);
      for (const s of secrets) expect(body, s).not.toContain(s);
    } finally {
      await runtime.close();
    }
  });
});
