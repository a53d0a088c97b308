// A repository holding 40+ planted secrets and forbidden paths (issue 13's leak
// test), and a checker that no 12-character piece of any of them comes back.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, makeRepo, tempDir, writeFiles } from './fixtures';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** `n` random letters and digits: the body of a made-up token. */
export const pick = (n: number) => Array.from(randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('');
const hex = (n: number) => randomBytes(Math.ceil(n / 2)).toString('hex').slice(0, n);
/** A fresh private key of `type`, exported as `format` (PEM in the key's own or PKCS#8 armour). */
export const pem = (type: 'ec' | 'ed25519' | 'x25519' | 'rsa', format: object) => {
  const pair =
    type === 'ec'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : type === 'rsa'
        ? generateKeyPairSync('rsa', { modulusLength: 1024 })
        : generateKeyPairSync(type as 'ed25519');
  return pair.privateKey.export(format as never).toString();
};

export interface LeakFixture {
  repo: string;
  /** Every secret value planted, in files Loupe may read (to be redacted) or must not open. */
  secrets: string[];
  /** Selections that name every case: credential files, folders, links, Git internals, outside paths. */
  paths: string[];
  /** How many distinct cases were planted. */
  cases: number;
}

/** Builds the repository: credential files, key formats, tokens in source, links out, Git internals. */
export function makeLeakFixture(): LeakFixture {
  const secrets: string[] = [];
  const plant = (s: string) => (secrets.push(s), s);
  const files: Record<string, string> = {};
  const credentialFiles = [
    '.env', '.env.local', '.envrc', '.env-local', 'prod.env', 'secrets.yml', 'secrets.yaml', 'config/credentials.yml',
    'id_rsa', 'id_rsa.bak', 'id_ed25519~', '.id_rsa.swp', 'certs/server.key', 'certs/server.key.bak', '.npmrc', '.aws/credentials',
    '.git-credentials', 'infra/terraform.tfstate', 'kube/.kube/config', '.netrc',
  ];
  for (const f of credentialFiles) files[f] = `password=${plant(pick(32))}\n`;
  files['keys/all.txt'] = [
    plant(pem('ec', { type: 'sec1', format: 'pem' })),
    plant(pem('ed25519', { type: 'pkcs8', format: 'pem' })),
    plant(pem('rsa', { type: 'pkcs1', format: 'pem' })),
    plant(pem('ec', { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' })),
  ].join('\n');
  const jwt = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ sub: pick(8) })).toString('base64url')}.${pick(43)}`;
  files['src/tokens.ts'] = [
    `export const jwt = "${plant(jwt)}";`,
    `export const google = "${plant(`AIza${pick(35)}`)}";`,
    `export const openai = "${plant(`sk-proj-${pick(120)}`)}";`,
    `export const anthropic = "${plant(`sk-ant-api03-${pick(93)}AA`)}";`,
    `export const github = "${plant(`ghp_${pick(36)}`)}";`,
    `export const githubFine = "${plant(`github_pat_${pick(22)}_${pick(59)}`)}";`,
    `export const gitlab = "${plant(`glpat-${pick(20)}`)}";`,
    `export const slack = "${plant(`xoxb-${hex(12)}-${hex(12)}-${pick(24)}`)}";`,
    `export const stripe = "${plant(`sk_live_${pick(24)}`)}";`,
    `export const npm = "${plant(`npm_${pick(36)}`)}";`,
    `export const awsId = "${plant('AKIAIOSFODNN7EXAMPLE')}";`,
    `export const awsSecret = "${plant('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')}";`,
    `export const hf = "${plant(`hf_${pick(34).replace(/[0-9]/g, 'q')}`)}";`,
    `export const sendgrid = "${plant(`SG.${pick(22)}.${pick(43)}`)}";`,
    'export const fine = "nothing secret";',
  ].join('\n');
  const repo = makeRepo(files);
  // Outside the repository, reached by links and by ../ paths.
  const outside = tempDir('loupe-outside-');
  writeFileSync(join(outside, 'secret.txt'), `${plant(`OUTSIDE_${pick(24)}`)}\n`);
  symlinkSync(join(outside, 'secret.txt'), join(repo, 'link-to-secret.txt'));
  symlinkSync(outside, join(repo, 'linked-folder'));
  git(repo, 'add', 'link-to-secret.txt');
  git(repo, 'commit', '-qm', 'link');
  // Git internals with a secret in them.
  writeFileSync(join(repo, '.git', 'loupe-note'), `${plant(`GITDIR_${pick(24)}`)}\n`);
  // Uncommitted working-copy secrets.
  writeFiles(repo, { 'local/.env.production': `KEY=${plant(pick(32))}\n`, 'local/service-account.json': '{}\n' });
  mkdirSync(join(repo, 'empty'), { recursive: true });
  const paths = [
    ...credentialFiles.filter((f) => !f.includes('/')),
    'config', 'certs', '.aws', 'infra', 'kube', 'keys', 'src',
    'link-to-secret.txt', 'linked-folder/secret.txt', 'linked-folder', '.git/loupe-note', '.git/config', '.git',
    `../${outside.split('/').pop()}/secret.txt`, '/etc/passwd', 'local/.env.production', 'local',
  ];
  return { repo, secrets, paths: paths.slice(0, 50), cases: credentialFiles.length + 4 + 14 + 5 };
}

/** Every 12-character piece of every secret (PEM armour and whitespace aside), for "never contains" checks. */
export function secretPieces(secrets: readonly string[]): string[] {
  const pieces: string[] = [];
  for (const secret of secrets) {
    const bare = secret.replace(/-----[A-Z ]+-----|\s/g, '');
    for (let at = 0; at + 12 <= bare.length; at += 6) pieces.push(bare.slice(at, at + 12));
  }
  return pieces;
}
