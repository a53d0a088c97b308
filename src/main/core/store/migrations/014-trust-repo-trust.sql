-- Loupe's own workspace trust (issue 33): a repository's agent configuration (hooks, helpers,
-- MCP servers, env overrides in .claude/, .mcp.json, .gemini/, .env, .codex/) is loaded by the
-- CLI Loupe starts only once the user trusted it, and only while it is the configuration the
-- user was shown (its fingerprint: sha256 over the files' names and bytes).
CREATE TABLE repo_trust (
  repo TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  granted_at TEXT NOT NULL
);
