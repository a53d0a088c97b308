import { describe, expect, it } from 'vitest';
import { credentialRuleFor, CREDENTIAL_PATH_RULES, isCredentialPath, isGitInternalPath } from './credential-paths';

describe('credential paths', () => {
  const examples = CREDENTIAL_PATH_RULES.flatMap((r) => r.examples.map((e) => [r.id, e] as const));
  const nearMisses = CREDENTIAL_PATH_RULES.flatMap((r) => r.nearMisses.map((e) => [r.id, e] as const));

  it.each(examples)('%s: %s is a credential (documented example)', (_id, path) => {
    expect(isCredentialPath(path)).toBe(true);
  });

  it.each(nearMisses)('%s: %s is not a credential (documented near miss)', (_id, path) => {
    expect(credentialRuleFor(path)).toBeNull();
  });

  it.each([
    // Previewed before issue 13, although the README promised `.env*` is never opened.
    '.envrc',
    '.env-local',
    'prod.env',
    'secrets.yml',
    'secrets.yaml',
    'id_rsa.bak',
    // Backup and editor copies of key files.
    'id_rsa.old',
    'id_ed25519~',
    'id_rsa.orig',
    '.ssh/.id_rsa.swp',
    '.id_ecdsa.swp',
    'server.key.bak',
    'terraform.tfstate.backup',
    'credentials.json.save',
    '.env.local~',
    'config/secrets.yml.orig',
    // Kept from before.
    '.env',
    'deploy/.env.production',
    'home/.ssh/id_ed25519',
    'store.p12',
    'java/trust.jks',
    '.netrc',
    'C:\\Users\\me\\.aws\\credentials',
    '.envrc.md',
  ])('%s is a credential', (path) => {
    expect(isCredentialPath(path)).toBe(true);
  });

  it.each([
    'id_rsa.pub',
    'id_rsa.pub.bak',
    'id_ed25519.pub~',
    '.ssh/id_rsa.pub.old',
    'environment.ts',
    'env.d.ts',
    'src/env.ts',
    'secrets.md',
    'src/secrets.ts',
    'keys/README.md',
    'notes.bak',
    'README.md~',
    '.bak',
    'id_rsa.pub copy',
    'id_rsa.pub (1)',
    'KEYS.asc',
    'src/database.ts',
  ])('%s is not a credential', (path) => {
    expect(isCredentialPath(path)).toBe(false);
  });

  // Issue 23: names a probe opened and showed (22 of 78 tried), as a repository would carry them.
  it.each([
    'kubeconfig',
    'clusters/prod.kubeconfig',
    'service-account-ci.json',
    'gcp/deployer-sa-key.json',
    'myapp-firebase-adminsdk-fbsvc-1a2b3c4d5e.json',
    'id_rsa copy',
    'id_rsa copy 2',
    'id_ed25519 - Copy',
    'id_rsa (1)',
    'prod.tfvars.json',
    'htpasswd',
    'home/.cargo/credentials',
    '.cargo/credentials.toml',
    '.terraformrc',
    '.terraform.d/credentials.tfrc.json',
    '.yarnrc.yml',
    '.m2/settings.xml',
    '.gradle/gradle.properties',
    'auth.json',
    'rclone.conf',
    '.azure/accessTokens.json',
    'private-key.asc',
    'wp-config.php',
    'config/database.yml',
  ])('%s is a credential (issue 23)', (path) => {
    expect(isCredentialPath(path)).toBe(true);
  });

  it('recognises git internals in any segment, any case', () => {
    expect(isGitInternalPath('.git/config')).toBe(true);
    expect(isGitInternalPath('vendor/sub/.git/HEAD')).toBe(true);
    expect(isGitInternalPath('.GIT/config')).toBe(true);
    expect(isGitInternalPath('.gitignore')).toBe(false);
    expect(isGitInternalPath('src/.github/workflows/ci.yml')).toBe(false);
  });
});
