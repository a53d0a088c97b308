// Keyword prefilter for the Secretlint pass, in the manner of gitleaks' per-rule
// "keywords": a text that contains none of a rule's keywords cannot match that
// rule, so texts with no keyword at all skip Secretlint (which costs ~25 ms per
// MB). Each list is read off the rule's own patterns in
// @secretlint/secretlint-rule-preset-recommend 13; keywords.test.ts fails when
// the preset gains or loses a rule, so this table is revisited on upgrade.

/** Substrings (matched case-insensitively) that every finding of each rule contains. */
export const RULE_KEYWORDS: Record<string, readonly string[]> = {
  '@secretlint/secretlint-rule-aws': ['A3T', 'AKIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ASIA', 'secret', 'account'],
  // Only runs on .json and .p12 sources; Loupe scans as .txt, but keep its keywords in case.
  '@secretlint/secretlint-rule-gcp': ['private_key', 'PRIVATE KEY'],
  '@secretlint/secretlint-rule-privatekey': ['PRIVATE KEY'],
  '@secretlint/secretlint-rule-npm': ['x-oauth-basic', '_authToken=', 'npm_'],
  '@secretlint/secretlint-rule-basicauth': ['://'],
  '@secretlint/secretlint-rule-slack': ['xoxb-', 'xoxp-', 'xapp-', 'xoxa-', 'xoxo-', 'xoxr-', 'hooks.slack.com'],
  '@secretlint/secretlint-rule-sendgrid': ['SG.'],
  '@secretlint/secretlint-rule-shopify': ['shppa_', 'shpca_', 'shpat_', 'shpss_'],
  '@secretlint/secretlint-rule-stripe': ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'],
  '@secretlint/secretlint-rule-github': ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  '@secretlint/secretlint-rule-gitlab': ['glpat-'],
  '@secretlint/secretlint-rule-grafana': ['glc_', 'glsa_'],
  '@secretlint/secretlint-rule-openai': ['sk-'],
  '@secretlint/secretlint-rule-anthropic': ['sk-ant-api0'],
  '@secretlint/secretlint-rule-groq': ['gsk_'],
  '@secretlint/secretlint-rule-huggingface': ['hf_'],
  '@secretlint/secretlint-rule-linear': ['lin_api_'],
  '@secretlint/secretlint-rule-notion': ['ntn_'],
  '@secretlint/secretlint-rule-1password': ['ops_ey'],
  '@secretlint/secretlint-rule-database-connection-string': ['mongodb', 'mysql', 'postgres'],
  '@secretlint/secretlint-rule-hashicorp-vault': ['hvs.', 'hvb.', 'hvr.'],
  '@secretlint/secretlint-rule-vercel': ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
  '@secretlint/secretlint-rule-databricks': ['dapi'],
  '@secretlint/secretlint-rule-docker': ['dckr_pat_'],
  '@secretlint/secretlint-rule-figma': ['figd_'],
  '@secretlint/secretlint-rule-cloudflare': ['cfk_', 'cfut_', 'cfat_'],
  '@secretlint/secretlint-rule-tailscale': ['tskey-'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One case-insensitive pattern for every keyword of every rule (a superset of each rule). */
const ANY_KEYWORD = new RegExp(
  [...new Set(Object.values(RULE_KEYWORDS).flat().map((k) => k.toLowerCase()))].map(escape).join('|'),
  'i',
);

/** False only when no rule of the preset can match anywhere in `text`. */
export function mayContainSecret(text: string): boolean {
  return ANY_KEYWORD.test(text);
}
