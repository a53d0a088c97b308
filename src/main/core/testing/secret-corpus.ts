// The security suite's secret corpus: for each of Loupe's own secret patterns, a
// realistic fake value (generated here, so no credential lives in the source), a
// near miss that must stay visible, and the text around it. The pattern tests check
// each is recognised; the wire's redact figure checks none is forwarded.
import { generateKeyPairSync, randomBytes } from 'node:crypto';

const pem = (pair: { privateKey: { export(o: object): string | Buffer } }, options: object) => pair.privateKey.export(options).toString();

export const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const HEX = '0123456789abcdef';
export const B64URL = `${ALNUM}_-`;
export const pick = (alphabet: string, n: number) => Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Loupe's own patterns, each: [rule id, a realistic fake secret, a near miss that is not one, the text around the secret]. */
export const CASES: [string, () => string, () => string, ((secret: string) => string)?][] = [
  ['aws-access-key-id', () => 'AKIAIOSFODNN7EXAMPLE', () => 'AKIAIOSFODNN7EXAMPL'],
  [
    'aws-secret-access-key',
    () => `${pick(`${ALNUM}/+`, 39)}/`,
    () => 'aws_secret_access_key = <your secret key>',
    (secret) => `[default]\naws_secret_access_key = ${secret}\n{"SecretAccessKey": "${secret}"}\n`,
  ],
  ['aws-documentation-secret', () => 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', () => 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLE'],
  [
    'jwt',
    () => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: '1234567890', name: 'Ann', iat: 1516239022 })}.${pick(B64URL, 43)}`,
    () => `${b64url({ alg: 'HS256', typ: 'JWT' })} is the header of every HS256 token`,
  ],
  ['google-api-key', () => `AIza${pick(B64URL, 35)}`, () => `AIza${pick(ALNUM, 20)}`],
  ['google-oauth-client-secret', () => `GOCSPX-${pick(B64URL, 28)}`, () => 'GOCSPX-placeholder'],
  ['google-oauth-access-token', () => `ya29.${pick(B64URL, 120)}`, () => 'ya29.short'],
  ['openai-api-key', () => `sk-proj-${pick(B64URL, 156)}`, () => `sk-proj-${pick(ALNUM, 12)}`],
  ['openai-api-key', () => `sk-${pick(ALNUM, 48)}`, () => `sk-${pick(ALNUM, 47)}`],
  ['anthropic-key', () => `sk-ant-oat01-${pick(B64URL, 93)}AA`, () => 'sk-ant-api03-REPLACE_ME'],
  ['anthropic-key', () => `sk-ant-admin01-${pick(B64URL, 93)}AA`, () => 'sk-ant-admin01-xxxx'],
  ['openrouter-key', () => `sk-or-v1-${pick(HEX, 64)}`, () => `sk-or-v1-${pick(HEX, 63)}`],
  ['xai-key', () => `xai-${pick(ALNUM, 80)}`, () => 'xai-grok-2-latest'],
  ['perplexity-key', () => `pplx-${pick(ALNUM, 48)}`, () => 'pplx-api'],
  ['langsmith-key', () => `lsv2_pt_${pick(HEX, 32)}_${pick(HEX, 10)}`, () => 'lsv2_pt_example'],
  ['replicate-token', () => `r8_${pick(ALNUM, 37)}`, () => `r8_${pick(ALNUM, 36)}`],
  ['gitlab-token', () => `glrt-${pick(B64URL, 20)}`, () => 'glrt-short'],
  ['gitlab-token', () => `gldt-${pick(B64URL, 20)}`, () => 'gldt-'],
  ['slack-config-token', () => `xoxe.xoxp-1-${pick(ALNUM, 163)}`, () => 'xoxe-1-tooShort'],
  ['stripe-webhook-secret', () => `whsec_${pick(ALNUM, 32)}`, () => 'whsec_test'],
  ['pypi-token', () => `pypi-AgEIcHlwaS5vcmc${pick(B64URL, 70)}`, () => 'pypi-AgEIcHlwaS5vcmc'],
  ['rubygems-key', () => `rubygems_${pick(HEX, 48)}`, () => `rubygems_${pick(HEX, 47)}`],
  ['digitalocean-token', () => `dop_v1_${pick(HEX, 64)}`, () => `dop_v1_${pick(HEX, 32)}`],
  ['twilio-api-key', () => `SK${pick(HEX, 32)}`, () => `SKU${pick(HEX, 31)}`],
  [
    'azure-storage-key',
    () => `DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${randomBytes(64).toString('base64')};EndpointSuffix=core.windows.net`,
    () => 'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=<your-key>;',
  ],
  // Issue 23: formats a probe found shown.
  [
    'private-key-base64',
    () => Buffer.from(pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }), { type: 'sec1', format: 'pem' })).toString('base64'),
    () => Buffer.from(`-----BEGIN CERTIFICATE-----\nMIIB${pick(ALNUM, 60)}\n-----END CERTIFICATE-----\n`).toString('base64'),
    (secret) => `apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\ndata:\n  tls.crt: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t\n  tls.key: ${secret}\n`,
  ],
  [
    'putty-private-key',
    () => `${pick(`${ALNUM}+/`, 64)}\n${pick(`${ALNUM}+/`, 64)}\n${pick(`${ALNUM}+/`, 20)}=`,
    () => 'Private-Lines: (none in this example)',
    (secret) =>
      `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: me@host\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI${pick(ALNUM, 40)}\n${pick(ALNUM, 20)}\nPrivate-Lines: 3\n${secret}\nPrivate-MAC: ${pick(HEX, 64)}\n`,
  ],
  ['azure-ad-client-secret', () => `${pick(ALNUM, 3)}8Q~${pick(`${ALNUM}_~.-`, 33)}x`, () => 'abc8Q~short'],
  ['sendgrid-key', () => `SG.${pick(B64URL, 10)}-${pick(B64URL, 11)}.${pick(B64URL, 20)}-_${pick(B64URL, 21)}`, () => 'SG.example.placeholder'],
  [
    'npm-auth-token',
    () => pick(HEX, 36),
    () => '_authToken=${NPM_TOKEN}',
    (secret) => `RUN echo "//registry.example.com/:_authToken=${secret}" > ~/.npmrc\nnpmAuthToken: "${secret}"\n`,
  ],
  [
    'url-password',
    () => pick(ALNUM, 20),
    () => 'https://example.com:8080/path and redis://${REDIS_USER}:${REDIS_PASSWORD}@cache:6379',
    (secret) =>
      `REDIS_URL=redis://:${secret}@cache:6379\nREDIS_TLS=rediss://default:${secret}@cache.example.com:6380/0\n` +
      `AMQP=amqp://guest:${secret}@mq:5672/\nMSSQL=mssql://sa:${secret}@db:1433/app\nSQL=sqlserver://sa:${secret}@db\nMARIA=mariadb://app:${secret}@db/app\n`,
  ],
  [
    'jdbc-password',
    () => pick(ALNUM, 16),
    () => 'jdbc:mysql://db/app?user=reader&useSSL=true',
    (secret) => `url=jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=${secret};encrypt=true\nurl2=jdbc:mysql://db/app?user=x&password=${secret}\n`,
  ],
  ['datadog-key', () => pick(HEX, 32), () => `DD_API_KEY=${pick(HEX, 31)}`, (secret) => `DD_API_KEY=${secret}\ndatadog_api_key: "${secret}"\n`],
  ['datadog-key', () => pick(HEX, 40), () => 'datadog_app_key: <your key>', (secret) => `export DD_APP_KEY=${secret}\n`],
  ['age-secret-key', () => `AGE-SECRET-KEY-1${pick('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`, () => 'AGE-SECRET-KEY-1...'],
  ['doppler-token', () => `dp.pt.${pick(ALNUM, 43)}`, () => 'dp.pt.example'],
  ['pulumi-token', () => `pul-${pick(HEX, 40)}`, () => 'pul-token'],
  ['postman-key', () => `PMAK-${pick(HEX, 24)}-${pick(HEX, 34)}`, () => `PMAK-${pick(HEX, 24)}`],
  ['atlassian-token', () => `ATATT3${pick(B64URL, 186)}`, () => 'ATATT3xFfGF0'],
  ['heroku-key', () => `HRKU-AA${pick(B64URL, 58)}`, () => 'HRKU-AAexample'],
  ['terraform-cloud-token', () => `${pick('abcdefghijklmnopqrstuvwxyz0123456789', 14)}.atlasv1.${pick('abcdefghijklmnopqrstuvwxyz0123456789', 67)}`, () => 'abc.atlasv1.def'],
  ['planetscale-token', () => `pscale_pw_${pick(ALNUM, 43)}`, () => 'pscale_pw_'],
  ['supabase-key', () => `sbp_${pick(HEX, 40)}`, () => `sbp_${pick(HEX, 39)}`],
  ['sentry-token', () => `sntryu_${pick(HEX, 64)}`, () => 'sntryu_abc'],
  ['square-token', () => `sq0csp-${pick(B64URL, 43)}`, () => 'sq0csp-abc'],
  // Issue 33: mixed-case Terraform tokens, Cloudflare's three shapes, Notion's legacy
  // secret_, and the formats the probe listed as unclaimed.
  ['terraform-cloud-token', () => `${pick(ALNUM, 14)}.atlasv1.${pick(B64URL, 67)}`, () => 'Abc.atlasv1.Def'],
  ['square-eaaa-token', () => `EAAA${pick(B64URL, 60)}`, () => `EAAA${pick(ALNUM, 20)}`],
  ['cloudflare-origin-ca-key', () => `v1.0-${pick(HEX, 24)}-${pick(HEX, 146)}`, () => 'v1.0-beta'],
  ['cloudflare-key', () => pick(HEX, 37), () => `CLOUDFLARE_ZONE=${pick(HEX, 12)}`, (secret) => `CLOUDFLARE_API_KEY=${secret}\n`],
  ['cloudflare-key', () => pick(B64URL, 40), () => 'cloudflare_api_token: ${CF_TOKEN}', (secret) => `cloudflare_api_token: "${secret}"\n`],
  ['notion-legacy-token', () => `secret_${pick(ALNUM, 43)}`, () => 'secret_santa'],
  ['heroku-legacy-key', () => `${pick(HEX, 8)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 12)}`, () => `request_id=${pick(HEX, 8)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 4)}-${pick(HEX, 12)}`, (secret) => `HEROKU_API_KEY=${secret}\n`],
  ['mailchimp-key', () => `${pick(HEX, 32)}-us${1 + Math.floor(Math.random() * 20)}`, () => `${pick(HEX, 31)}-us6`],
  ['new-relic-key', () => `NRAK-${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 27)}`, () => 'NRAK-EXAMPLE'],
  ['new-relic-key', () => `NRJS-${pick(HEX, 19)}`, () => 'NRJS-abc'],
  ['new-relic-key', () => `NRII-${pick(B64URL, 32)}`, () => 'NRII-short'],
  ['braintree-token', () => `access_token$production$${pick('abcdefghijklmnopqrstuvwxyz0123456789', 16)}$${pick(HEX, 32)}`, () => 'access_token$production$abc'],
  ['fcm-server-key', () => `AAAA${pick(B64URL, 7)}:APA91b${pick(B64URL, 134)}`, () => 'AAAAexample:APA91bshort'],
  ['okta-token', () => `00${pick(B64URL, 40)}`, () => `OKTA_ORG_URL=https://dev-${pick(HEX, 6)}.okta.com`, (secret) => `OKTA_API_TOKEN=${secret}\n`],
  ['secret-assignment', () => 'hunter2Correct7Horse', () => 'DB_PASSWORD=changeme', (secret) => `DB_PASSWORD=${secret}\n`],
  ['secret-assignment', () => '9f8e7d6c5b4a39281706f5e4d3c2b1a0', () => 'api_key = "${API_KEY}"', (secret) => `api_key = "${secret}"\n`],
  ['secret-assignment', () => 's3cr3t-P@ssw0rd!', () => 'password: <your-password>', (secret) => `password: ${secret}\n`],
  ['secret-assignment', () => `${pick(ALNUM, 3)}8Q~${pick(B64URL, 31)}`, () => 'AZURE_CLIENT_SECRET=$AZURE_CLIENT_SECRET', (secret) => `AZURE_CLIENT_SECRET=${secret}\n`],
  ['secret-assignment', () => Buffer.from(`deploy:${pick(ALNUM, 16)}`).toString('base64'), () => 'Authorization: Basic realm', (secret) => `GET / HTTP/1.1\nAuthorization: Basic ${secret}\n`],
  ['secret-assignment', () => pick(B64URL, 40), () => 'curl -H "Authorization: Bearer $TOKEN" https://api.example.com', (secret) => `curl -H "Authorization: Bearer ${secret}" https://api.example.com/v1\n`],
];
