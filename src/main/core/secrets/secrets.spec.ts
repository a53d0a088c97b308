// Behaviour spec (issue 13): credential files and secrets planted in a repository
// never come back from context.inspect, through either git backend: credential
// files are omitted unopened, and no 12-character piece of any planted secret
// appears anywhere in the response.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectResult } from '../../../shared/contract/context';
import { makeRepo, makeRuntime, removeTempDirs, writeFiles } from '../testing/fixtures';
import { pem, pick, secretPieces } from '../testing/leak-fixture';

afterAll(removeTempDirs);


const CREDENTIAL_FILES = [
  '.envrc',
  '.env-local',
  'prod.env',
  'secrets.yml',
  'secrets.yaml',
  'config/credentials.yml',
  'id_rsa.bak',
  'id_rsa.old',
  'id_ed25519~',
  '.id_rsa.swp',
  'certs/server.key.bak',
  'infra/terraform.tfstate.backup',
];

describe.each([
  ['git CLI', {}],
  ['isomorphic-git', { gitBinary: 'none' }],
] as const)('planted secrets never come back from context.inspect (%s)', (_name, options) => {
  const secrets: string[] = [];
  let repo: string;
  beforeAll(() => {
    const plant = (s: string) => (secrets.push(s), s);
    const files: Record<string, string> = {};
    for (const f of CREDENTIAL_FILES) files[f] = `TOKEN=${plant(pick(40))}\n`;
    files['keys.txt'] = [
      plant(pem('ec', { type: 'sec1', format: 'pem' })),
      plant(pem('ed25519', { type: 'pkcs8', format: 'pem' })),
      plant(pem('x25519', { type: 'pkcs8', format: 'pem' })),
      plant(pem('ec', { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' })),
    ].join('\n');
    const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ sub: pick(8) })).toString('base64url')}.${pick(43)}`;
    files['src/tokens.ts'] = [
      `export const jwt = "${plant(jwt)}";`,
      `export const google = "${plant(`AIza${pick(35)}`)}";`,
      `export const openai = "${plant(`sk-proj-${pick(120)}`)}";`,
      `export const github = "${plant(`ghp_${pick(36)}`)}";`,
      `export const awsId = "${plant('AKIAIOSFODNN7EXAMPLE')}";`,
      `export const awsSecret = "${plant('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')}";`,
      'export const fine = "nothing secret";',
    ].join('\n');
    files['id_rsa.pub'] = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample user@host\n';
    repo = makeRepo(files);
    // The same secrets again as uncommitted working-copy files.
    writeFiles(repo, { 'local/.env.production': `KEY=${secrets[0]}\n`, 'local/backup/id_ecdsa.orig': 'x\n' });
  });

  it('omits credential files unopened and redacts every planted secret in the rest', async () => {
    const runtime = makeRuntime(options);
    try {
      // Folders (expanded at base) and single files (their working copy).
      const top = CREDENTIAL_FILES.filter((f) => !f.includes('/'));
      const paths = [...top, 'config', 'certs', 'infra', 'src', 'keys.txt', 'id_rsa.pub', 'local/.env.production', 'local/backup/id_ecdsa.orig'];
      const r: InspectResult = await runtime.call('context.inspect', { repo, paths });
      for (const f of [...CREDENTIAL_FILES, 'local/.env.production', 'local/backup/id_ecdsa.orig']) {
        expect(r.omissions.find((o) => o.path === f), f).toEqual({ path: f, reason: 'credential', bytes: null });
      }
      expect(r.files.map((f) => f.path).sort()).toEqual(['id_rsa.pub', 'keys.txt', 'src/tokens.ts']);
      expect(r.files.find((f) => f.path === 'keys.txt')!.redactions).toBe(4);
      expect(r.files.find((f) => f.path === 'src/tokens.ts')!.redactions).toBe(6);
      expect(r.files.find((f) => f.path === 'src/tokens.ts')!.preview).toContain('nothing secret');
      const body = JSON.stringify(r);
      for (const piece of secretPieces(secrets)) expect(body).not.toContain(piece);
    } finally {
      await runtime.close();
    }
  });
});
