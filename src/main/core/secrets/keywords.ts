// Keyword prefilter for the secret scan, in the manner of gitleaks' per-rule
// "keywords": a text that contains none of a rule's keywords cannot match that
// rule, so texts with no keyword at all skip Secretlint (which costs ~25 ms per
// MB) and Loupe's own patterns. Secretlint's lists are read off the rule's own
// patterns in @secretlint/secretlint-rule-preset-recommend 13; keywords.test.ts
// fails when the preset gains or loses a rule, so this table is revisited on upgrade.
import { SECRET_PATTERNS } from './patterns';

/** A rule of Secretlint's recommended preset as Loupe runs it. */
export interface SecretlintRule {
  /** Substrings (matched case-insensitively) that every finding of the rule contains. */
  keywords: readonly string[];
  /** One line for docs/secrets.md. */
  description: string;
}

/** Every rule of the preset Loupe runs (filter-comments is left out on purpose: see redact.ts). */
export const SECRETLINT_RULES: Record<string, SecretlintRule> = {
  '@secretlint/secretlint-rule-aws': {
    keywords: ['A3T', 'AKIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ASIA', 'secret', 'account'],
    description: 'AWS access key ids, `aws_secret_access_key = …` and account ids (documentation examples allow-listed; see aws-* rules)',
  },
  // Only runs on .json and .p12 sources; Loupe scans as .txt, but keep its keywords in case.
  '@secretlint/secretlint-rule-gcp': { keywords: ['private_key', 'PRIVATE KEY'], description: 'GCP service-account JSON (only for .json sources: private-key-pem covers previews)' },
  '@secretlint/secretlint-rule-privatekey': { keywords: ['PRIVATE KEY'], description: 'PEM private keys whose body starts like PKCS#1/PKCS#8/OpenSSH (private-key-pem covers every label)' },
  '@secretlint/secretlint-rule-npm': { keywords: ['x-oauth-basic', '_authToken=', 'npm_'], description: 'npm tokens (npm_), `_authToken=` lines in .npmrc text, x-oauth-basic URLs' },
  '@secretlint/secretlint-rule-basicauth': { keywords: ['://'], description: 'user:password@ in http(s)/ftp URLs' },
  '@secretlint/secretlint-rule-slack': { keywords: ['xoxb-', 'xoxp-', 'xapp-', 'xoxa-', 'xoxo-', 'xoxr-', 'hooks.slack.com'], description: 'Slack bot, user, app and workspace tokens; incoming webhook URLs' },
  '@secretlint/secretlint-rule-sendgrid': { keywords: ['SG.'], description: 'SendGrid API keys (SG.)' },
  '@secretlint/secretlint-rule-shopify': { keywords: ['shppa_', 'shpca_', 'shpat_', 'shpss_'], description: 'Shopify app, custom-app, access and shared-secret tokens' },
  '@secretlint/secretlint-rule-stripe': { keywords: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'], description: 'Stripe secret and restricted keys (live and test)' },
  '@secretlint/secretlint-rule-github': { keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'], description: 'GitHub classic and fine-grained PATs, OAuth, app and refresh tokens' },
  '@secretlint/secretlint-rule-gitlab': { keywords: ['glpat-'], description: 'GitLab personal access tokens (glpat-)' },
  '@secretlint/secretlint-rule-grafana': { keywords: ['glc_', 'glsa_'], description: 'Grafana Cloud API and service-account tokens' },
  '@secretlint/secretlint-rule-openai': { keywords: ['sk-'], description: 'OpenAI keys carrying the T3BlbkFJ marker' },
  '@secretlint/secretlint-rule-anthropic': { keywords: ['sk-ant-api0'], description: 'Anthropic API keys (sk-ant-api03-)' },
  '@secretlint/secretlint-rule-groq': { keywords: ['gsk_'], description: 'Groq API keys' },
  '@secretlint/secretlint-rule-huggingface': { keywords: ['hf_'], description: 'Hugging Face access tokens' },
  '@secretlint/secretlint-rule-linear': { keywords: ['lin_api_'], description: 'Linear API keys' },
  '@secretlint/secretlint-rule-notion': { keywords: ['ntn_'], description: 'Notion integration tokens' },
  '@secretlint/secretlint-rule-1password': { keywords: ['ops_ey'], description: '1Password service-account tokens' },
  '@secretlint/secretlint-rule-database-connection-string': { keywords: ['mongodb', 'mysql', 'postgres'], description: 'MongoDB, MySQL and PostgreSQL connection strings with a password' },
  '@secretlint/secretlint-rule-hashicorp-vault': { keywords: ['hvs.', 'hvb.', 'hvr.'], description: 'HashiCorp Vault service, batch and recovery tokens' },
  '@secretlint/secretlint-rule-vercel': { keywords: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], description: 'Vercel tokens' },
  '@secretlint/secretlint-rule-databricks': { keywords: ['dapi'], description: 'Databricks personal access tokens' },
  '@secretlint/secretlint-rule-docker': { keywords: ['dckr_pat_'], description: 'Docker Hub personal access tokens' },
  '@secretlint/secretlint-rule-figma': { keywords: ['figd_'], description: 'Figma personal access tokens' },
  '@secretlint/secretlint-rule-cloudflare': { keywords: ['cfk_', 'cfut_', 'cfat_'], description: 'Cloudflare API keys and tokens' },
  '@secretlint/secretlint-rule-tailscale': { keywords: ['tskey-'], description: 'Tailscale auth and API keys' },
};

/** Keywords per Secretlint rule (kept for the keyword test). */
export const RULE_KEYWORDS: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(SECRETLINT_RULES).map(([id, rule]) => [id, rule.keywords]),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An alternation of `words` as a trie (`a(?:b|c)`): V8 scans it ~15% faster than a flat list. */
function trie(words: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  let ends = false;
  for (const w of words) {
    if (w === '') ends = true;
    else {
      // push, not a spread copy: built when the module loads, on every start of `loupe`.
      const rest = byFirst.get(w[0]!);
      if (rest) rest.push(w.slice(1));
      else byFirst.set(w[0]!, [w.slice(1)]);
    }
  }
  const alternatives = [...byFirst].map(([first, rest]) => escape(first) + trie(rest));
  if (alternatives.length === 0) return '';
  const body = alternatives.length === 1 && !ends ? alternatives[0]! : `(?:${alternatives.join('|')})`;
  return ends ? `(?:${body})?` : body;
}

/** Every keyword of every rule (Secretlint's and Loupe's), lowercase. */
const ALL_KEYWORDS = [
  ...new Set([...Object.values(RULE_KEYWORDS).flat(), ...SECRET_PATTERNS.flatMap((p) => p.keywords)].map((k) => k.toLowerCase())),
];
const SECRETLINT_KEYWORDS = new Set(Object.values(RULE_KEYWORDS).flat().map((k) => k.toLowerCase()));
const KEYWORD_TRIE = trie(ALL_KEYWORDS);
/** One case-insensitive pass finds every keyword; each rule then checks its own case. */
const ANY_KEYWORD = new RegExp(KEYWORD_TRIE, 'gi');
/**
 * The same alternation, case-sensitive, for a lowercased text: V8 scans it about
 * three times faster than the /i one. Lowercasing keeps every ASCII run, so it
 * finds every keyword the /i scan finds (and, for a rare non-ASCII letter such as
 * the Kelvin sign, one more: a rule then runs and finds nothing, as it would).
 */
const ANY_LOWER_KEYWORD = new RegExp(KEYWORD_TRIE, 'g');
/**
 * For each keyword, the keywords it starts with (itself included): a match reports only the longest.
 * Each keyword's own prefixes are looked up in a set (not every keyword against every other):
 * this table is built on every start of `loupe`.
 */
const KEYWORD_ORDER = new Map(ALL_KEYWORDS.map((k, i) => [k, i]));
const PREFIXES = new Map(
  ALL_KEYWORDS.map((k) => {
    const prefixes: string[] = [];
    for (let n = 1; n <= k.length; n++) if (KEYWORD_ORDER.has(k.slice(0, n))) prefixes.push(k.slice(0, n));
    // In the keywords' own order, as before.
    return [k, prefixes.sort((a, b) => KEYWORD_ORDER.get(a)! - KEYWORD_ORDER.get(b)!)];
  }),
);

/**
 * The keywords (lowercase) present in `text`, found in one scan. Every rule's
 * findings contain one of its keywords, so rules with none present are skipped.
 */
export function keywordsIn(text: string): ReadonlySet<string> {
  return keywordsInLowercase(text.toLowerCase());
}

/** keywordsIn of a text already lowercased (`text.toLowerCase()`), for callers that need that copy too. */
export function keywordsInLowercase(lower: string): ReadonlySet<string> {
  const found = new Set<string>();
  const re = new RegExp(ANY_LOWER_KEYWORD);
  for (let m = re.exec(lower); m; m = re.exec(lower)) {
    for (const k of PREFIXES.get(m[0]) ?? []) found.add(k);
    // Resume one character on, so keywords overlapping this match are found too.
    re.lastIndex = m.index + 1;
  }
  return found;
}

/** False only when no Secretlint rule can match a text with these keywords. */
export function needsSecretlint(found: ReadonlySet<string>): boolean {
  for (const k of found) if (SECRETLINT_KEYWORDS.has(k)) return true;
  return false;
}

/** False only when no rule at all (Secretlint's or Loupe's) can match anywhere in `text`. */
export function mayContainSecret(text: string): boolean {
  return new RegExp(ANY_KEYWORD.source, 'i').test(text);
}
