// Loupe's own secret patterns, run beside Secretlint's recommended preset for the
// formats it misses. Sources: gitleaks' default config (config/gitleaks.toml, rule
// ids quoted) and GitHub secret scanning's list of supported patterns; each rule
// says which. Every pattern is anchored on a literal prefix (its keywords), has no
// nested quantifiers, and is bounded, so a scan stays linear in the text.

import { secretAssignments } from './assignments';

/** One secret format Loupe recognises itself. */
export interface SecretPattern {
  /** Stable id, listed in docs/secrets.md. */
  id: string;
  /** Shown in the preview as `[redacted <kind>]`. */
  kind: string;
  /** One line for docs/secrets.md. */
  description: string;
  /** Where the format comes from. */
  source: string;
  /** Case-sensitive substrings every match contains: a text with none is not scanned for it. */
  keywords: readonly string[];
  /** Global pattern; when it has a group 1, only that group is the secret. */
  pattern?: RegExp;
  /**
   * A scanner for formats a single pattern cannot express (PEM blocks); yields [start, end).
   * It may stop at its first match that starts at or past `limit` (findPatternSecrets').
   */
  find?: (text: string, limit?: number) => Iterable<[number, number]>;
}

// A token stands alone: not preceded or followed by another token character.
const token = (body: string, flags = 'g') => new RegExp(`(?<![A-Za-z0-9_-])(?:${body})(?![A-Za-z0-9_-])`, flags);

// PEM: any label ending in PRIVATE KEY (RSA, DSA, EC, OPENSSH, ENCRYPTED, PGP … BLOCK, PuTTY's
// "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----"), public-key markers excluded by construction.
const PEM_BEGIN = /-{4,5} ?BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;
const PEM_END = /-{4,5} ?END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;
/** What a key body is made of when its END line is missing: base64, PEM headers, escaped newlines. */
const PEM_BODY = /(?:[A-Za-z0-9+/=:,.\s-]|\\[nrt])*/y;

/** Every private-key block, BEGIN through END (or through its body when END is missing). */
function* privateKeyBlocks(text: string): Iterable<[number, number]> {
  const begin = new RegExp(PEM_BEGIN);
  const end = new RegExp(PEM_END);
  const body = new RegExp(PEM_BODY);
  for (let m = begin.exec(text); m; m = begin.exec(text)) {
    end.lastIndex = begin.lastIndex;
    let stop: number;
    if (end.exec(text)) {
      stop = end.lastIndex;
    } else {
      body.lastIndex = begin.lastIndex;
      body.exec(text);
      stop = body.lastIndex;
    }
    yield [m.index, stop];
    begin.lastIndex = stop;
  }
}

/** base64 of "-----BEGIN": a PEM block stored base64-encoded (a Kubernetes secret's `tls.key: LS0tLS1CRUdJTi…`). */
const B64_PEM = /LS0tLS1CRUdJTi[A-Za-z0-9+/]{0,65536}={0,2}/g;
const PRIVATE_LABEL = /^-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY/;

/** Every base64 run that decodes to a PEM private key (certificates and public keys stay visible). */
function* base64PrivateKeys(text: string): Iterable<[number, number]> {
  for (const m of text.matchAll(new RegExp(B64_PEM))) {
    const head = Buffer.from(m[0].slice(0, 96), 'base64').toString('latin1');
    if (PRIVATE_LABEL.test(head)) yield [m.index, m.index + m[0].length];
  }
}

const PUTTY_PRIVATE = /Private-Lines: *(\d{1,4})\r?\n/g;

/** The N lines after each `Private-Lines: N` of a PuTTY key, up to the end of the last one. */
function* puttyPrivateLines(text: string): Iterable<[number, number]> {
  for (const m of text.matchAll(new RegExp(PUTTY_PRIVATE))) {
    const start = m.index + m[0].length;
    let end = start;
    for (let n = Number(m[1]); n > 0 && end < text.length; n--) {
      const eol = text.indexOf('\n', end);
      if (eol < 0) {
        end = text.length;
        break;
      }
      end = n === 1 ? eol : eol + 1;
    }
    if (end > start) yield [start, text[end - 1] === '\r' ? end - 1 : end];
  }
}

const GITLAB_PREFIXES = ['gldt-', 'glrt-', 'glptt-', 'glsoat-', 'glcbt-', 'glimt-', 'glagent-', 'gloas-', 'glft-', 'glffct-', 'GR1348941'];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Loupe's patterns, in the order docs/secrets.md lists them. */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    id: 'private-key-pem',
    kind: 'PrivateKey',
    description: 'Any PEM block whose label ends in PRIVATE KEY (RSA, DSA, EC, PKCS#8 incl. Ed25519/X25519, ENCRYPTED, OPENSSH, PGP … BLOCK, PuTTY SSH2), redacted whole',
    source: 'gitleaks private-key (widened: any label, no body check)',
    keywords: ['PRIVATE KEY'],
    find: privateKeyBlocks,
  },
  {
    id: 'private-key-base64',
    kind: 'PrivateKey',
    description: 'A PEM private key stored base64-encoded (Kubernetes secrets: `tls.key: LS0tLS1CRUdJTi…`); certificates and public keys encoded the same way stay visible',
    source: 'Loupe (decodes the header of every base64 run starting with "-----BEGIN")',
    keywords: ['LS0tLS1CRUdJTi'],
    find: base64PrivateKeys,
  },
  {
    id: 'putty-private-key',
    kind: 'PrivateKey',
    description: 'The private lines of a PuTTY key (`.ppk` contents after `Private-Lines: N`)',
    source: 'PuTTY key file format (versions 2 and 3)',
    keywords: ['Private-Lines:'],
    find: puttyPrivateLines,
  },
  {
    id: 'aws-access-key-id',
    kind: 'AWSAccessKeyID',
    description: 'AWS access key ids (AKIA/ASIA/ABIA/ACCA/A3T + 16), including the documentation example',
    source: 'gitleaks aws-access-token',
    keywords: ['AKIA', 'ASIA', 'ABIA', 'ACCA', 'A3T'],
    pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g,
  },
  {
    id: 'aws-documentation-secret',
    kind: 'AWSSecretAccessKey',
    description: "The secret access keys from AWS's documentation, wherever they appear",
    source: 'AWS documentation (Secretlint allow-lists them)',
    keywords: ['EXAMPLEKEY'],
    pattern: /wJalrXUtnFEMI\/K7MDENG\/bPxRfiCYEXAMPLEKEY|je7MtGbClwBF\/2Zp9Utk\/h3yCo8nvbEXAMPLEKEY/g,
  },
  {
    id: 'aws-secret-access-key',
    kind: 'AWSSecretAccessKey',
    description: 'AWS secret access keys after `aws_secret_access_key` / `SecretAccessKey`, also those ending in `/` or `+` (Secretlint misses them)',
    source: 'gitleaks aws-access-token context; Secretlint aws rule (widened)',
    keywords: ['secret_access_key', 'secretaccesskey'],
    pattern: /secret_?access_?key["']?\s*(?::|=>|=)\s*["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
  },
  {
    id: 'jwt',
    kind: 'JWT',
    description: 'JSON Web Tokens: base64url JSON header and payload, signed or not',
    source: 'gitleaks jwt',
    keywords: ['eyJ'],
    pattern: token('eyJ[A-Za-z0-9_-]{15,4096}\\.ey[A-Za-z0-9_-]{15,16384}\\.[A-Za-z0-9_-]{0,4096}'),
  },
  {
    id: 'google-api-key',
    kind: 'GoogleAPIKey',
    description: 'Google API keys (AIza + 35), including Gemini and Firebase keys',
    source: 'gitleaks gcp-api-key; GitHub secret scanning google_api_key',
    keywords: ['AIza'],
    pattern: token('AIza[0-9A-Za-z_-]{35}'),
  },
  {
    id: 'google-oauth-client-secret',
    kind: 'GoogleOAuthClientSecret',
    description: 'Google OAuth client secrets (GOCSPX-)',
    source: 'GitHub secret scanning google_oauth_client_secret',
    keywords: ['GOCSPX-'],
    pattern: token('GOCSPX-[A-Za-z0-9_-]{28}'),
  },
  {
    id: 'google-oauth-access-token',
    kind: 'GoogleOAuthAccessToken',
    description: 'Google OAuth access tokens (ya29.)',
    source: 'GitHub secret scanning google_oauth_access_token',
    keywords: ['ya29.'],
    pattern: token('ya29\\.[0-9A-Za-z_-]{30,2048}'),
  },
  {
    id: 'openai-api-key',
    kind: 'OpenAIAPIKey',
    description: 'OpenAI keys: sk-proj-/sk-svcacct-/sk-admin- keys with or without the T3BlbkFJ marker, and legacy sk- + 48',
    source: 'gitleaks openai-api-key (widened: marker optional)',
    keywords: ['sk-'],
    pattern: token('sk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,400}|[A-Za-z0-9]{48})'),
  },
  {
    id: 'anthropic-key',
    kind: 'AnthropicKey',
    description: 'Anthropic API, admin and OAuth keys (sk-ant-api03-, sk-ant-admin01-, sk-ant-oat01-, …)',
    source: 'gitleaks anthropic-api-key, anthropic-admin-api-key (widened to every sk-ant-<kind>NN-)',
    keywords: ['sk-ant-'],
    pattern: token('sk-ant-[a-z]{2,8}[0-9]{2}-[A-Za-z0-9_-]{80,400}'),
  },
  {
    id: 'openrouter-key',
    kind: 'OpenRouterKey',
    description: 'OpenRouter keys (sk-or-v1- + 64 hex)',
    source: 'gitleaks openrouter-api-key',
    keywords: ['sk-or-v1-'],
    pattern: token('sk-or-v1-[a-f0-9]{64}'),
  },
  {
    id: 'xai-key',
    kind: 'XAIKey',
    description: 'xAI keys (xai- + 80)',
    source: 'GitHub secret scanning xai_api_key',
    keywords: ['xai-'],
    pattern: token('xai-[A-Za-z0-9]{80}'),
  },
  {
    id: 'perplexity-key',
    kind: 'PerplexityKey',
    description: 'Perplexity keys (pplx- + 48)',
    source: 'gitleaks perplexity-api-key',
    keywords: ['pplx-'],
    pattern: token('pplx-[A-Za-z0-9]{48}'),
  },
  {
    id: 'langsmith-key',
    kind: 'LangSmithKey',
    description: 'LangSmith keys (lsv2_pt_/lsv2_sk_)',
    source: 'GitHub secret scanning langchain_api_key',
    keywords: ['lsv2_'],
    pattern: token('lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}'),
  },
  {
    id: 'replicate-token',
    kind: 'ReplicateToken',
    description: 'Replicate API tokens (r8_ + 37)',
    source: 'GitHub secret scanning replicate_api_token',
    keywords: ['r8_'],
    pattern: token('r8_[A-Za-z0-9]{37}'),
  },
  {
    id: 'gitlab-token',
    kind: 'GitLabToken',
    description: 'GitLab deploy, runner, trigger, OAuth, feed and other non-PAT tokens (gldt-, glrt-, glptt-, …, GR1348941)',
    source: 'gitleaks gitlab-* rules',
    keywords: GITLAB_PREFIXES,
    pattern: token(`(?:${GITLAB_PREFIXES.map(escape).join('|')})[0-9A-Za-z_-]{20,200}`),
  },
  {
    id: 'slack-config-token',
    kind: 'SlackConfigToken',
    description: 'Slack app configuration access and refresh tokens (xoxe.xoxp-, xoxe-)',
    source: 'gitleaks slack-config-access-token, slack-config-refresh-token',
    keywords: ['xoxe'],
    pattern: token('xoxe(?:\\.xox[bp])?-[0-9]-[A-Za-z0-9]{140,170}'),
  },
  {
    id: 'stripe-webhook-secret',
    kind: 'StripeWebhookSecret',
    description: 'Stripe webhook signing secrets (whsec_)',
    source: 'GitHub secret scanning stripe_webhook_signing_secret',
    keywords: ['whsec_'],
    pattern: token('whsec_[A-Za-z0-9+/=]{32,100}'),
  },
  {
    id: 'pypi-token',
    kind: 'PyPIToken',
    description: 'PyPI and TestPyPI upload tokens (pypi-AgEIcHlwaS5vcmc…)',
    source: 'gitleaks pypi-upload-token',
    keywords: ['pypi-Ag'],
    pattern: token('pypi-Ag(?:EIcHlwaS5vcmc|ENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000}'),
  },
  {
    id: 'rubygems-key',
    kind: 'RubyGemsKey',
    description: 'RubyGems API keys (rubygems_ + 48 hex)',
    source: 'gitleaks rubygems-api-token',
    keywords: ['rubygems_'],
    pattern: token('rubygems_[a-f0-9]{48}'),
  },
  {
    id: 'digitalocean-token',
    kind: 'DigitalOceanToken',
    description: 'DigitalOcean personal, OAuth and refresh tokens (dop_v1_, doo_v1_, dor_v1_)',
    source: 'gitleaks digitalocean-pat, digitalocean-access-token, digitalocean-refresh-token',
    keywords: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    pattern: token('do[opr]_v1_[a-f0-9]{64}'),
  },
  {
    id: 'twilio-api-key',
    kind: 'TwilioAPIKey',
    description: 'Twilio API key SIDs (SK + 32 hex)',
    source: 'gitleaks twilio-api-key',
    keywords: ['SK'],
    pattern: token('SK[0-9a-fA-F]{32}'),
  },
  {
    id: 'azure-storage-key',
    kind: 'AzureKey',
    description: 'Azure storage account keys and Service Bus / Event Hubs shared access keys in connection strings',
    source: 'GitHub secret scanning azure_storage_account_key, azure_service_bus_connection_string',
    keywords: ['AccountKey=', 'SharedAccessKey='],
    pattern: /(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})/g,
  },
  {
    id: 'azure-ad-client-secret',
    kind: 'AzureADClientSecret',
    description: 'Azure AD (Entra ID) application client secrets (…8Q~…)',
    source: 'gitleaks azure-ad-client-secret',
    keywords: ['Q~'],
    pattern: /(?<![A-Za-z0-9_~.-])([A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_~.-])/g,
  },
  {
    id: 'sendgrid-key',
    kind: 'SendGridAPIKey',
    description: 'SendGrid API keys (SG. + 22 + . + 43), including those with `-` or `_` (Secretlint misses them)',
    source: 'gitleaks sendgrid-api-token (Secretlint sendgrid, widened)',
    keywords: ['SG.'],
    pattern: token('SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}'),
  },
  {
    id: 'npm-auth-token',
    kind: 'NpmAuthToken',
    description: 'npm and Yarn registry credentials in any file: `_authToken=`, `_auth=`, `_password=`, `npmAuthToken:`, `npmAuthIdent:` (not `${VARIABLE}` references)',
    source: 'npm config (.npmrc) and Yarn Berry (.yarnrc.yml) keys; Secretlint npm covers .npmrc text only',
    keywords: ['_auth', '_password', 'npmAuth'],
    // `_auth` after a `:`, a space or at a line start (not `this._authToken = …` in code).
    pattern: /(?:(?:^|[\s:])_auth(?:Token)?\s*=|:_password\s*=|npmAuth(?:Token|Ident)["']?\s*:)\s*["']?((?!\$\{)[^\s"'#]{8,512})/gm,
  },
  {
    id: 'url-password',
    kind: 'URLPassword',
    description: 'The password in any `scheme://user:password@host` URL: redis, rediss, amqp(s), mssql, sqlserver, mariadb, … (Secretlint covers http(s), ftp, MongoDB, MySQL, PostgreSQL)',
    source: 'RFC 3986 userinfo; gitleaks generic rules',
    keywords: ['://'],
    pattern: /[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:@/'"]{0,256}:((?!\$\{)[^\s@/'"]{1,256})@/g,
  },
  {
    id: 'jdbc-password',
    kind: 'JDBCPassword',
    description: 'The `password=` of a JDBC URL (`jdbc:sqlserver://…;password=…`, `jdbc:mysql://…?password=…`)',
    source: 'JDBC driver URL syntax (SQL Server, MySQL, PostgreSQL, Oracle)',
    keywords: ['jdbc:'],
    pattern: /jdbc:[^\s"'<>]{0,512}?[;?&]password=([^;&\s"'<>]{1,256})/gi,
  },
  {
    id: 'datadog-key',
    kind: 'DatadogKey',
    description: 'Datadog API (32 hex) and application (40 hex) keys beside their name (`DD_API_KEY=`, `datadog_app_key:`, …)',
    source: 'gitleaks datadog-access-token',
    keywords: ['datadog', 'dd_api', 'dd_app'],
    pattern: /(?:datadog|\bdd)_?(?:api|app(?:lication)?)_?key["']?\s*(?::|=>|=)\s*["']?([a-f0-9]{40}|[a-f0-9]{32})(?![A-Za-z0-9])/gi,
  },
  {
    id: 'age-secret-key',
    kind: 'AgeSecretKey',
    description: 'age encryption secret keys (AGE-SECRET-KEY-1…)',
    source: 'gitleaks age-secret-key',
    keywords: ['AGE-SECRET-KEY-1'],
    pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g,
  },
  {
    id: 'doppler-token',
    kind: 'DopplerToken',
    description: 'Doppler personal, service, CLI, SCIM and audit tokens (dp.pt., dp.st., …)',
    source: 'gitleaks doppler-api-token',
    keywords: ['dp.'],
    pattern: token('dp\\.(?:pt|st|ct|sa|scim|audit)\\.[A-Za-z0-9]{40,44}'),
  },
  {
    id: 'pulumi-token',
    kind: 'PulumiToken',
    description: 'Pulumi access tokens (pul- + 40 hex)',
    source: 'gitleaks pulumi-api-token',
    keywords: ['pul-'],
    pattern: token('pul-[a-f0-9]{40}'),
  },
  {
    id: 'postman-key',
    kind: 'PostmanAPIKey',
    description: 'Postman API keys (PMAK-)',
    source: 'gitleaks postman-api-token',
    keywords: ['PMAK-'],
    pattern: token('PMAK-[a-f0-9]{24}-[a-f0-9]{34}'),
  },
  {
    id: 'atlassian-token',
    kind: 'AtlassianAPIToken',
    description: 'Atlassian (Jira, Confluence) API tokens (ATATT3…)',
    source: 'gitleaks atlassian-api-token',
    keywords: ['ATATT3'],
    pattern: token('ATATT3[A-Za-z0-9_=-]{180,200}'),
  },
  {
    id: 'heroku-key',
    kind: 'HerokuAPIKey',
    description: 'Heroku API keys in the current format (HRKU-AA…)',
    source: 'gitleaks heroku-api-key-v2',
    keywords: ['HRKU-'],
    pattern: token('HRKU-AA[0-9A-Za-z_-]{58}'),
  },
  {
    id: 'terraform-cloud-token',
    kind: 'TerraformCloudToken',
    description: 'Terraform Cloud / Enterprise API tokens (….atlasv1.…), in any case',
    source: 'gitleaks hashicorp-tf-api-token (case-insensitive apart from the marker)',
    keywords: ['.atlasv1.'],
    pattern: token('[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70}'),
  },
  {
    id: 'planetscale-token',
    kind: 'PlanetScaleToken',
    description: 'PlanetScale passwords and tokens (pscale_pw_, pscale_tkn_, pscale_oauth_)',
    source: 'gitleaks planetscale-password, planetscale-api-token, planetscale-oauth-token',
    keywords: ['pscale_'],
    pattern: token('pscale_(?:pw|tkn|oauth)_[A-Za-z0-9=._-]{32,64}'),
  },
  {
    id: 'supabase-key',
    kind: 'SupabaseKey',
    description: 'Supabase personal access tokens (sbp_) and secret keys (sb_secret_)',
    source: 'GitHub secret scanning supabase_personal_access_token, supabase_secret_key',
    keywords: ['sbp_', 'sb_secret_'],
    pattern: token('sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_-]{31,64}'),
  },
  {
    id: 'sentry-token',
    kind: 'SentryToken',
    description: 'Sentry organization and user auth tokens (sntrys_, sntryu_)',
    source: 'gitleaks sentry-org-token, sentry-user-token',
    keywords: ['sntrys_', 'sntryu_'],
    pattern: /(?<![A-Za-z0-9_-])(?:sntrys_eyJ[A-Za-z0-9=_+/]{100,400}|sntryu_[a-f0-9]{64})(?![A-Za-z0-9=_+/-])/g,
  },
  {
    id: 'square-token',
    kind: 'SquareToken',
    description: 'Square access tokens and OAuth secrets (sq0atp-, sq0csp-)',
    source: 'gitleaks square-access-token, square-secret',
    keywords: ['sq0atp-', 'sq0csp-'],
    pattern: token('sq0(?:atp|csp)-[0-9A-Za-z_-]{22,43}'),
  },
  {
    id: 'square-eaaa-token',
    kind: 'SquareToken',
    description: 'Square production and sandbox access tokens in the current format (EAAA + 60)',
    source: 'gitleaks square-access-token',
    keywords: ['EAAA'],
    pattern: token('EAAA[0-9A-Za-z_-]{60}'),
  },
  {
    id: 'cloudflare-origin-ca-key',
    kind: 'CloudflareKey',
    description: 'Cloudflare Origin CA keys (v1.0- + 24 hex + - + 146 hex)',
    source: 'gitleaks cloudflare-origin-ca-key',
    keywords: ['v1.0-'],
    pattern: token('v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}'),
  },
  {
    id: 'cloudflare-key',
    kind: 'CloudflareKey',
    description: 'Cloudflare global API keys (37 hex) and API tokens (40 characters) beside the name cloudflare (`CLOUDFLARE_API_KEY=`, `cloudflare_api_token:`, …)',
    source: 'gitleaks cloudflare-global-api-key, cloudflare-api-key',
    keywords: ['cloudflare'],
    pattern: /cloudflare[\w.-]{0,20}["']?\s*(?::|=>|=|,)\s*["']?([a-f0-9]{37}|[A-Za-z0-9_-]{40})(?![A-Za-z0-9_-])/gi,
  },
  {
    id: 'notion-legacy-token',
    kind: 'NotionToken',
    description: "Notion integration tokens in the legacy format (secret_ + 43); Secretlint knows only today's ntn_",
    source: 'Notion API (internal integration secrets before September 2024)',
    keywords: ['secret_'],
    pattern: token('secret_[A-Za-z0-9]{43}'),
  },
  {
    id: 'heroku-legacy-key',
    kind: 'HerokuAPIKey',
    description: 'Heroku API keys in the legacy format (a UUID) beside the name heroku (`HEROKU_API_KEY=…`)',
    source: 'gitleaks heroku-api-key',
    keywords: ['heroku'],
    pattern: /heroku[\w.-]{0,20}["']?\s*(?::|=>|=|,)\s*["']?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![A-Za-z0-9-])/gi,
  },
  {
    id: 'mailchimp-key',
    kind: 'MailchimpAPIKey',
    description: 'Mailchimp API keys (32 hex + -us + data centre)',
    source: 'gitleaks mailchimp-api-key (without its keyword: the -usNN suffix is distinctive)',
    keywords: ['-us'],
    pattern: token('[a-f0-9]{32}-us[0-9]{1,2}'),
  },
  {
    id: 'new-relic-key',
    kind: 'NewRelicKey',
    description: 'New Relic user API keys (NRAK-), browser tokens (NRJS-) and insert keys (NRII-)',
    source: 'gitleaks new-relic-user-api-key, new-relic-browser-api-token, new-relic-insert-key (without their keyword: the prefixes are distinctive)',
    keywords: ['NRAK-', 'NRJS-', 'NRII-'],
    pattern: token('NRAK-[A-Z0-9]{27}|NRJS-[a-f0-9]{19}|NRII-[A-Za-z0-9_-]{32}'),
  },
  {
    id: 'braintree-token',
    kind: 'BraintreeToken',
    description: 'Braintree access tokens (access_token$production$… / $sandbox$…)',
    source: 'GitHub secret scanning braintree_access_token',
    keywords: ['access_token$'],
    pattern: /access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}/g,
  },
  {
    id: 'fcm-server-key',
    kind: 'FCMServerKey',
    description: 'Firebase Cloud Messaging legacy server keys (AAAA…:APA91b…)',
    source: 'GitHub secret scanning firebase_cloud_messaging_server_key',
    keywords: [':APA91b'],
    pattern: token('AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{120,160}'),
  },
  {
    id: 'okta-token',
    kind: 'OktaToken',
    description: 'Okta API tokens (00 + 40) beside the name okta (`OKTA_API_TOKEN=`, `okta.client.token:`)',
    source: 'gitleaks okta-access-token',
    keywords: ['okta'],
    pattern: /okta[\w.-]{0,20}["']?\s*(?::|=>|=|,)\s*["']?(00[A-Za-z0-9_=-]{40})(?![A-Za-z0-9_=-])/gi,
  },
  {
    id: 'secret-assignment',
    kind: 'Secret',
    description:
      'A literal value given to a secret-named key (`DB_PASSWORD=…`, `api_key = "…"`, `password: …`, `clientSecret: "…"`, any case and separator) and the credentials of an `Authorization: Basic`/`Bearer` header; not placeholders (`changeme`, `${VAR}`, `$VAR`, `<your-key>`, `xxx`, `***`), references (`process.env.X`), calls, booleans, numbers, letters-only words, values under 8 characters or under 3 bits of entropy per character',
    source: "gitleaks generic-api-key and detect-secrets' KeywordDetector (Loupe's own thresholds and stop list)",
    keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'cred', 'auth'],
    find: secretAssignments,
  },
];

/**
 * Every span of `text` that one of Loupe's own patterns recognises, with the
 * pattern's kind. Patterns whose keywords are all absent are skipped: `present`
 * (lowercase keywords, from keywordsIn) saves looking for each one. With a `limit`,
 * each pattern stops at its first match that starts at or past it: every span that
 * starts before the limit is found as without one, and only spans starting past it
 * (never further than their match's start) can be missing.
 */
export function findPatternSecrets(text: string, present?: ReadonlySet<string>, limit = Infinity): { start: number; end: number; kind: string }[] {
  const found: { start: number; end: number; kind: string }[] = [];
  // The text lowercased once, when a keyword is first looked up (not once per keyword of every rule).
  let lower: string | undefined;
  const has = present ? (k: string) => present.has(k.toLowerCase()) : (k: string) => (lower ??= text.toLowerCase()).includes(k.toLowerCase());
  for (const rule of SECRET_PATTERNS) {
    if (!rule.keywords.some(has)) continue;
    if (rule.find) {
      for (const [start, end] of rule.find(text, limit)) found.push({ start, end, kind: rule.kind });
      continue;
    }
    for (const m of text.matchAll(new RegExp(rule.pattern!))) {
      if (m.index >= limit) break;
      const secret = m[1] ?? m[0];
      const start = m.index + (m[1] === undefined ? 0 : m[0].indexOf(m[1]));
      found.push({ start, end: start + secret.length, kind: rule.kind });
    }
  }
  return found;
}
