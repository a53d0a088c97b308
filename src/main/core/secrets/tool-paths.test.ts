import { describe, expect, it } from 'vitest';
import { forbiddenPathIn, hiddenResult } from './tool-paths';

describe('forbiddenPathIn', () => {
  it('finds a credential file or Git internals named by a path field, a file path or a command word', () => {
    expect(forbiddenPathIn({ file_path: '/home/me/repo/.env' })).toBe('/home/me/repo/.env');
    expect(forbiddenPathIn({ absolute_path: 'C:\\repo\\id_rsa' })).toBe('C:\\repo\\id_rsa');
    expect(forbiddenPathIn({}, 'repo/.aws/credentials')).toBe('repo/.aws/credentials');
    expect(forbiddenPathIn({ command: 'cat "config/.env.local" | head' })).toBe('config/.env.local');
    expect(forbiddenPathIn({ command: ['bash', '-lc', 'sed -n 1,5p .git/config'] })).toBe('.git/config');
    expect(forbiddenPathIn('less ~/.netrc')).toBe('~/.netrc');
  });

  it('lets ordinary reads through', () => {
    expect(forbiddenPathIn({ file_path: '/repo/src/env.ts' })).toBeNull();
    expect(forbiddenPathIn({ command: 'git status && cat .github/workflows/ci.yml' })).toBeNull();
    expect(forbiddenPathIn({ pattern: '.env' })).toBeNull();
    expect(forbiddenPathIn(null)).toBeNull();
  });
});

// Issue 23, item 6: evasions of the "result not shown" rule. The command may name no
// credential path at all; the result is judged by what it holds.
describe('hiddenResult: judged by the command as the shell reads it, and by the content', () => {
  const DOTENV = 'DB_HOST=db\nDB_PASSWORD=hunter2-Very-Secret\nPORT=5432\n';
  const cases: [string, unknown, string][] = [
    ['printenv', { command: 'printenv' }, 'HOME=/home/me\nGITHUB_TOKEN=abc123abc123\n'],
    ['env piped to grep', { command: 'env | grep -i key' }, 'OPENAI_KEY=0123456789abcdef\n'],
    ['bash -lc env (codex argv)', { command: ['bash', '-lc', 'env'] }, 'SHELL=/bin/bash\n'],
    ['export -p', { command: 'export -p' }, 'declare -x API_TOKEN="zzzz1234"\n'],
    ['/proc/self/environ', { command: "tr '\\0' '\\n' < /proc/self/environ" }, 'X=1\n'],
    ['a glob for .env', { command: 'cat .e*' }, DOTENV],
    ['a glob under ~/.aws', { command: 'cat ~/.aws/cred*' }, '[default]\nregion = eu-west-1\n'],
    ['a glob for ssh keys', { command: 'head -c 200 ~/.ssh/id_*' }, 'not a key format Loupe knows\n'],
    ['split quotes', { command: "cat '.e''nv'" }, DOTENV],
    ['a backslash', { command: 'cat .e\\nv' }, DOTENV],
    ['mixed quotes', { command: 'cat ".en"v.local' }, DOTENV],
    ['grep -r with no path named', { command: 'grep -rn PASSWORD .' }, './config/.env:2:DB_PASSWORD=hunter2-Very-Secret\n'],
    ['grep on a file by content', { command: 'grep -h pass deploy/settings.ini' }, 'password = s3cr3t-Value\n'],
    ['base64 of a file Loupe cannot name', { command: 'base64 -d blob | cat' }, 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n'],
    ['a netrc read through a variable', { command: 'cat "$NETRC"' }, 'machine api.example.com login me password pa55word\n'],
    ['an AWS credentials file by content', { command: 'cat "$AWS_SHARED_CREDENTIALS_FILE"' }, '[default]\naws_access_key_id = X\naws_secret_access_key = short/one\n'],
    ['an htpasswd by content', { command: 'cat conf/users' }, 'admin:$apr1$abcd$0123456789abcdefghijk\n'],
    ['a docker config by content', { command: 'cat "$DOCKER_CONFIG/x"' }, '{"auths":{"ghcr.io":{"auth":"dXNlcjpwYXNzd29yZA=="}}}'],
    ['YAML secrets by content', { command: 'cat deploy/values-prod.yaml' }, 'db:\n  password: "Sup3r-S3cret"\n'],
    ['a known token format', { command: 'cat notes.txt' }, `use sk-ant-api03-${'A'.repeat(93)}AA please`],
    // Each credential shape behind its literal prefilter (result-shapes.ts), one case per literal.
    ['an htpasswd with {SHA}', { command: 'cat conf/users' }, 'ann:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\n'],
    ['a kubeconfig token by content', { command: 'cat "$KUBECONFIG"' }, 'users:\n- name: ci\n  user:\ntoken: eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ\n'],
    ['a kubeconfig key by content', { command: 'cat "$KUBECONFIG"' }, 'client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo=\n'],
    ['a .pgpass by content', { command: 'cat "$PGPASSFILE"' }, 'db.example.com:5432:app:admin:hunter2-pg\n'],
    ['a .pgpass with any port', { command: 'cat "$PGPASSFILE"' }, 'db.example.com:*:app:admin:hunter2-pg\n'],
    ['an upper-case secret name', { command: 'cat deploy/env' }, 'SERVICE_CREDENTIALS=Zq9-hunter2-value\n'],
  ];

  it.each(cases)('%s: the result is not shown', (_label, input, output) => {
    const shown = hiddenResult(input, output);
    expect(shown).toMatch(/^\[result not shown: /);
    expect(shown).not.toContain('hunter2');
  });

  it('ordinary commands and results stay visible', () => {
    const visible: [unknown, string][] = [
      [{ command: 'ls *.ts' }, 'a.ts\nb.ts\n'],
      [{ command: 'cat package.json' }, '{\n  "name": "x",\n  "author": "Ann Example",\n  "version": "1.0.0"\n}\n'],
      [{ file_path: 'src/auth.ts' }, 'export interface Session {\n  token: string;\n  apiKey?: string;\n}\nconst token = getToken();\n'],
      [{ command: 'cat README.md' }, 'Set API_KEY=your-key-here and PASSWORD=${DB_PASSWORD} in your shell.\n'],
      [{ command: 'cat .github/workflows/ci.yml' }, 'with:\n  token: ${{ secrets.GITHUB_TOKEN }}\n'],
      [{ command: 'git log --oneline -3' }, 'abc123 Fix the tokenizer\n'],
      [{ command: 'npm run set-version' }, 'ok\n'],
    ];
    for (const [input, output] of visible) expect(hiddenResult(input, output), JSON.stringify(input)).toBeNull();
  });
});
