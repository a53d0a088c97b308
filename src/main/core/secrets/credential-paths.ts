// Which paths Loupe never opens. The check is on the name alone, so it runs
// before any file-system call: a credential file is not even stat'd. The rules
// are data so docs/secrets.md lists exactly these (rules-doc.test.ts checks it).

/** A path split for matching: lowercase segments, forward slashes. */
interface PathParts {
  /** Every segment, lowercase. */
  parts: readonly string[];
  /** The file name, lowercase. */
  name: string;
}

/** One credential-path rule. */
export interface CredentialPathRule {
  id: string;
  /** One line for docs/secrets.md. */
  description: string;
  /** Names it matches and names it leaves alone, for the doc (each is tested). */
  examples: readonly string[];
  nearMisses: readonly string[];
  matches(path: PathParts): boolean;
}

const SSH_KEY_NAME = /^id_(rsa|dsa|ecdsa|ed25519|xmss)(_sk)?([._-].*)?$/;
// The public half, also as a backup copy (`id_rsa.pub.bak`).
const PUBLIC_KEY = /\.pub($|[.~ -])/;

/** Extensions (lowercase, with the dot) of key stores, private keys and state holding secrets. */
const KEY_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.keystore', '.jks', '.kdbx', '.ppk', '.p8', '.tfstate', '.tfvars', '.tfvars.json', '.kubeconfig'];

/** Exact file names (lowercase) of credential stores wherever they are. */
const STORE_NAMES = new Set([
  '.npmrc',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pgpass',
  '.my.cnf',
  '.htpasswd',
  'htpasswd',
  '.boto',
  '.s3cfg',
  '.dockercfg',
  '.vault-token',
  '.secrets',
  'credentials.json',
  'client_secret.json',
  'service-account.json',
  'kubeconfig',
  '.terraformrc',
  'terraform.rc',
  'credentials.tfrc.json',
  '.yarnrc',
  '.yarnrc.yml',
  'auth.json',
  'rclone.conf',
  'wp-config.php',
  // Issue 33: Google's OAuth quickstarts save the user's refresh token as token.json; GnuPG 1's
  // secret keyring; s3fs's access key pair.
  'token.json',
  'secring.gpg',
  '.passwd-s3fs',
  'passwd-s3fs',
]);

/** Credential files named by a pattern (lowercase): service-account keys and their usual spellings. */
const STORE_PATTERNS = [/^kubeconfig(?:[._-][^/]*)?\.ya?ml$/, /^client_secret.*\.json$/, /^service[-_]account.*\.json$/, /[-_]sa[-_]key\.json$/, /firebase-adminsdk.*\.json$/, /(private|secret).*\.(asc|gpg)$/];

/** Secret files identified by their folder: the last two or three path segments, lowercase. */
const TAILS = new Set([
  '.aws/credentials',
  '.aws/config',
  '.docker/config.json',
  '.kube/config',
  '.azure/credentials',
  '.azure/accesstokens.json',
  '.azure/msal_token_cache.json',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.m2/settings.xml',
  '.m2/settings-security.xml',
  '.gradle/gradle.properties',
  'config/database.yml',
  '.gem/credentials',
  '.config/gh/hosts.yml',
  'gcloud/credentials.db',
  'gcloud/access_tokens.db',
  'gcloud/application_default_credentials.json',
]);

/** Folders whose contents are all secret except public keys and host lists. */
const SECRET_FOLDERS = new Set(['.ssh', '.gnupg']);
// Not `config`: an SSH config names hosts, users, key files and proxy commands (issue 33).
const PUBLIC_IN_SECRET_FOLDERS = /(\.pub|^known_hosts(\.old)?|^authorized_keys2?)$/;

/**
 * Backup and editor copies: `.bak`, `.old`, `.orig`, `.backup`, `.save`, `.tmp`, `.copy`,
 * a trailing `~`, numbered copies (`.1`), the copies file managers make (`id_rsa copy`,
 * `id_rsa copy 2`, `id_rsa - Copy`, `id_rsa (1)`), and Vim swap files (`.name.swp`). A copy of a
 * credential is a credential; a copy of a public key is still public.
 */
export const BACKUP_SUFFIX = /(?:\.(?:bak|old|orig|backup|save|tmp|copy|swp|swo|\d+)|~| copy(?: \d+)?| - copy| \(\d+\))+$/;

/** Every rule, in the order docs/secrets.md lists them. */
export const CREDENTIAL_PATH_RULES: readonly CredentialPathRule[] = [
  {
    id: 'dotenv',
    description: 'Environment files: any name starting with `.env` (`.env`, `.env.local`, `.env-local`, `.envrc`, even `.env.example`) or ending in `.env`',
    examples: ['.env', 'app/.env.production', '.env-local', '.envrc', '.env.example', 'prod.env', 'deploy/docker.env'],
    nearMisses: ['environment.ts', 'env.d.ts', 'src/vite-env.d.ts', 'src/env.ts', 'envoy.yaml'],
    matches: ({ name }) => name.startsWith('.env') || name.endsWith('.env'),
  },
  {
    id: 'ssh-private-key',
    description: 'SSH private keys by name: `id_rsa`, `id_ed25519`, `id_ecdsa_sk`, … and variants such as `id_rsa_work`; never the `.pub` half',
    examples: ['id_rsa', 'home/.ssh/id_ed25519', 'keys/id_rsa_github', 'id_ecdsa_sk'],
    nearMisses: ['id_rsa.pub', 'keys/id_ed25519_work.pub', 'id_rsa-cert.pub', 'identity.ts'],
    matches: ({ name }) => SSH_KEY_NAME.test(name) && !PUBLIC_KEY.test(name),
  },
  {
    id: 'key-files',
    description: `Private keys, key stores and infrastructure state by extension: ${KEY_EXTENSIONS.map((e) => `\`${e}\``).join(', ')}`,
    examples: ['certs/server.pem', 'tls/private.key', 'store.PFX', 'android/release.keystore', 'vault.kdbx', 'terraform.tfstate', 'prod.auto.tfvars'],
    nearMisses: ['src/keyboard.ts', 'monkey', 'docs/keys.md', 'certs/server.crt'],
    matches: ({ name }) => KEY_EXTENSIONS.some((ext) => name.endsWith(ext)),
  },
  {
    id: 'credential-stores',
    description:
      'Credential stores by name: `.npmrc`, `.yarnrc(.yml)`, `.pypirc`, `.netrc`, `.git-credentials`, `.pgpass`, `.my.cnf`, `(.)htpasswd`, `.dockercfg`, `.vault-token`, `.secrets`, `.terraformrc`, `credentials.tfrc.json`, `kubeconfig`, `kubeconfig*.yaml`, `token.json`, `secring.gpg`, `.passwd-s3fs`, `auth.json`, `rclone.conf`, `wp-config.php`, `credentials.json`, `client_secret*.json`, `service-account*.json`, `*-sa-key.json`, `*firebase-adminsdk*.json`, `*private*.asc`/`.gpg`, …',
    examples: [
      '.npmrc',
      'pkg/.pypirc',
      '.git-credentials',
      'credentials.json',
      'client_secret_123.apps.googleusercontent.com.json',
      'service-account-prod.json',
      'deploy/ci-sa-key.json',
      'app-firebase-adminsdk-x1y2z-0123456789.json',
      'kubeconfig',
      '.yarnrc.yml',
      'auth.json',
      'rclone.conf',
      'wp-config.php',
      'keys/private-key.asc',
      'kubeconfig.yaml',
      'deploy/kubeconfig-prod.yml',
      'token.json',
      'backup/secring.gpg',
      '.passwd-s3fs',
    ],
    nearMisses: ['kubeconfig.md', 'src/kubeconfig.ts', 'tokens.ts', 'token.ts', 'pubring.gpg', 'docs/credentials.md', 'src/credentials.ts', 'service-account.ts', 'KEYS.asc', 'release.tar.gz.asc', 'wp-config-sample.php', 'package.json'],
    matches: ({ name }) => STORE_NAMES.has(name) || STORE_PATTERNS.some((p) => p.test(name)),
  },
  {
    id: 'secrets-config',
    description: 'Secrets and credentials as configuration: `secrets.{yml,yaml,json,toml,ini,env,properties,conf,cfg}` (also `secret.*`), `credentials.{yml,yaml,toml,ini,xml,csv}`; not code or docs (`secrets.ts`, `secrets.md`)',
    examples: ['config/secrets.yml', 'secrets.yaml', 'secrets.json', 'secret.toml', 'credentials.yml', 'aws/credentials.csv'],
    nearMisses: ['secrets.md', 'src/secrets.ts', 'secrets/README.md', 'credentials.py', 'secret.txt'],
    matches: ({ name }) =>
      /^secrets?\.(ya?ml|json|toml|ini|env|properties|conf|cfg)$/.test(name) || /^credentials\.(ya?ml|toml|ini|xml|csv)$/.test(name),
  },
  {
    id: 'credential-folders',
    description: `Files known by their folder: ${[...TAILS].map((t) => `\`${t}\``).join(', ')}`,
    examples: [
      '.aws/credentials',
      'home/me/.aws/credentials',
      '.docker/config.json',
      '.kube/config',
      'C:\\Users\\me\\.aws\\credentials',
      '.cargo/credentials',
      '.m2/settings.xml',
      '.gradle/gradle.properties',
      '.azure/accessTokens.json',
      'config/database.yml',
    ],
    nearMisses: ['docker/config.json', 'kube/config', 'aws/credentials.md', 'gradle.properties', 'settings.xml', 'db/database.yml'],
    matches: ({ parts, name }) =>
      (parts.length >= 2 && TAILS.has(`${parts.at(-2)}/${name}`)) || (parts.length >= 3 && TAILS.has(parts.slice(-3).join('/'))),
  },
  {
    id: 'secret-folders',
    description: 'Everything inside `.ssh/` or `.gnupg/` (`.ssh/config` too: it names hosts, users, key files and proxy commands) except public keys, `known_hosts` and `authorized_keys`',
    examples: ['.ssh/backup_key', 'home/.gnupg/private-keys-v1.d/x.key', '.gnupg/secring.gpg', '.ssh/config', 'home/me/.ssh/config'],
    nearMisses: ['.ssh/id_rsa.pub', '.ssh/known_hosts', '.ssh/authorized_keys', 'ssh/config', 'docs/ssh-config.md'],
    matches: ({ parts, name }) =>
      parts.slice(0, -1).some((p) => SECRET_FOLDERS.has(p)) && !PUBLIC_IN_SECRET_FOLDERS.test(name.replace(BACKUP_SUFFIX, '')),
  },
];

/** The names a file name is judged by: itself, and the name it is a backup or swap copy of. */
function namesOf(name: string): string[] {
  const bare = name.replace(BACKUP_SUFFIX, '');
  if (bare === name || bare === '') return [name];
  // Vim names the swap file of `id_rsa` `.id_rsa.swp`.
  return bare.startsWith('.') ? [name, bare, bare.slice(1)] : [name, bare];
}

/**
 * True when a path (repo-relative or a bare file name, either separator, any case)
 * names a file that typically holds credentials, by the rules in
 * CREDENTIAL_PATH_RULES (listed in docs/secrets.md). Backup copies count.
 */
export function isCredentialPath(path: string): boolean {
  return credentialRuleFor(path) !== null;
}

/** The id of the first rule that makes `path` a credential, or null. */
export function credentialRuleFor(path: string): string | null {
  const parts = path.replace(/\\/g, '/').toLowerCase().split('/').filter(Boolean);
  const last = parts.at(-1);
  if (!last) return null;
  for (const name of namesOf(last)) {
    const candidate: PathParts = { parts: [...parts.slice(0, -1), name], name };
    const rule = CREDENTIAL_PATH_RULES.find((r) => r.matches(candidate));
    if (rule) return rule.id;
  }
  return null;
}

/** True when any segment of a repo-relative path is `.git` (Git's own data, never opened). */
export function isGitInternalPath(path: string): boolean {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .some((p) => p.toLowerCase() === '.git');
}
