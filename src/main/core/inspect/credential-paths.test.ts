import { describe, expect, it } from 'vitest';
import { isCredentialPath, isGitInternalPath } from './credential-paths';

describe('credential paths', () => {
  it.each([
    '.env',
    'app/.env',
    '.env.local',
    'deploy/.env.production',
    'id_rsa',
    'home/.ssh/id_ed25519',
    'certs/server.pem',
    'tls/private.key',
    'store.p12',
    'store.PFX',
    'android/release.keystore',
    'java/trust.jks',
    '.npmrc',
    'pkg/.pypirc',
    '.netrc',
    '.git-credentials',
    '.aws/credentials',
    'home/me/.aws/credentials',
    '.docker/config.json',
    '.kube/config',
    'credentials.json',
    'client_secret_123.apps.googleusercontent.com.json',
    'vault.kdbx',
    'C:\\Users\\me\\.aws\\credentials',
    '.ssh/backup_key',
  ])('%s is a credential', (path) => {
    expect(isCredentialPath(path)).toBe(true);
  });

  it.each([
    'src/env.ts',
    'environment.md',
    '.envrc.md',
    'id_rsa.pub',
    '.ssh/id_rsa.pub',
    '.ssh/known_hosts',
    'keys/README.md',
    'docker/config.json',
    'kube/config',
    'aws/credentials.md',
    'monkey',
    'src/keyboard.ts',
  ])('%s is not a credential', (path) => {
    expect(isCredentialPath(path)).toBe(false);
  });

  it('recognises git internals in any segment, any case', () => {
    expect(isGitInternalPath('.git/config')).toBe(true);
    expect(isGitInternalPath('vendor/sub/.git/HEAD')).toBe(true);
    expect(isGitInternalPath('.GIT/config')).toBe(true);
    expect(isGitInternalPath('.gitignore')).toBe(false);
    expect(isGitInternalPath('src/.github/workflows/ci.yml')).toBe(false);
  });
});
