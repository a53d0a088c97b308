// Which paths Loupe never opens. The check is on the name alone, so it runs
// before any file-system call: a credential file is not even stat'd.

/** Exact file names (lowercase) that hold credentials wherever they are. */
const CREDENTIAL_NAMES = new Set([
  '.env',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'id_ecdsa_sk',
  'id_ed25519_sk',
  '.npmrc',
  '.pypirc',
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pgpass',
  '.htpasswd',
  '.boto',
  '.s3cfg',
  'credentials.json',
  'client_secret.json',
  'service-account.json',
  'secrets.json',
  '.vault-token',
]);

/** Extensions (lowercase, with the dot) of key stores and private keys. */
const CREDENTIAL_EXTENSIONS = ['.pem', '.key', '.p12', '.pfx', '.keystore', '.jks', '.kdbx', '.ppk', '.p8', '.tfstate'];

/** Files identified by their folder: the last two path segments, lowercase. */
const CREDENTIAL_TAILS = new Set([
  '.aws/credentials',
  '.aws/config',
  '.docker/config.json',
  '.kube/config',
  '.azure/credentials',
  '.config/gh/hosts.yml',
  'gcloud/credentials.db',
  'gcloud/access_tokens.db',
  'gcloud/application_default_credentials.json',
]);

/** Folders whose contents are all secret except public keys and host lists. */
const SECRET_FOLDERS = new Set(['.ssh', '.gnupg']);
const PUBLIC_IN_SECRET_FOLDERS = /(\.pub|^known_hosts(\.old)?|^authorized_keys2?|^config)$/;

/**
 * True when a path (repo-relative or a bare file name, any separator) names a
 * file that typically holds credentials: `.env` and `.env.*` anywhere, private
 * keys and key stores, credential stores such as `.npmrc` or `.aws/credentials`.
 */
export function isCredentialPath(path: string): boolean {
  const parts = path.replace(/\\/g, '/').toLowerCase().split('/').filter(Boolean);
  const name = parts.at(-1);
  if (!name) return false;
  if (CREDENTIAL_NAMES.has(name) || name.startsWith('.env.')) return true;
  if (/^client_secret.*\.json$/.test(name)) return true;
  if (CREDENTIAL_EXTENSIONS.some((ext) => name.endsWith(ext))) return true;
  if (parts.length >= 2 && CREDENTIAL_TAILS.has(`${parts.at(-2)}/${name}`)) return true;
  if (parts.length >= 3 && CREDENTIAL_TAILS.has(parts.slice(-3).join('/'))) return true;
  const inSecretFolder = parts.slice(0, -1).some((p) => SECRET_FOLDERS.has(p));
  return inSecretFolder && !PUBLIC_IN_SECRET_FOLDERS.test(name);
}

/** True when any segment of a repo-relative path is `.git` (Git's own data, never opened). */
export function isGitInternalPath(path: string): boolean {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .some((p) => p.toLowerCase() === '.git');
}
