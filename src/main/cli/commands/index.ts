import type { CliCommand } from '../command';

/**
 * Every subcommand, in the order `loupe --help` lists them. Only names and
 * usage live here; a command's code (and what it imports: zod, SQLite, git
 * readers) loads when it runs, so `loupe --help` starts fast.
 */
export const commands: CliCommand[] = [
  {
    name: 'inspect',
    summary: 'Show which files a run would send: sources, hashes, sizes, tokens, omissions',
    usage: 'loupe inspect --repo DIR [--base REF] [--attach NAME:SIZE]... [--tokens o200k|cl100k] [--json] PATH...',
    load: () => import('./inspect').then((m) => m.run),
  },
  {
    name: 'tokens',
    summary: 'Count tokens exactly (o200k or cl100k) beside the bytes / 4 estimate, per file and in total',
    usage: 'loupe tokens [--encoding o200k|cl100k] [--json] FILE...   (- reads standard input)',
    load: () => import('./tokens').then((m) => m.run),
  },
  {
    name: 'run',
    summary: 'Run an agent on a task with the chosen context, under the context budget (exit 0 ok, 3 blocked, 4 failed)',
    usage:
      'loupe run --repo DIR --ask TEXT [--preset NAME[@REVISION]] [--agent claude|codex|gemini|demo | --command CMD] [--model ID] [--thread ID [--fresh]] [--base REF] [--attach FILE]... [--notes TEXT] [--max-prompt-bytes N] [--max-approx-tokens N] [--policy warn|block] [--timeout SECONDS|off] [--schema FILE] [--memory TEXT]... [--with-memory] [--allow-missing] [--keep-staged] [--xray-tools] [--wire | --no-wire] [--max-request-tokens N] [--max-request-bytes N] [--request-policy warn|block] [--max-spend-usd AMOUNT] [--max-spend-tokens N] [--spend-policy warn|block] [--wire-secrets warn|redact] [--json] PATH...',
    load: () => import('./run').then((m) => m.run),
  },
  {
    name: 'presets',
    summary: 'Team presets: run settings with revisions; apply one, see the settings in force, export and import library files',
    usage:
      'loupe presets list [--all] | show NAME | save NAME (--agent A | --command CMD) [--model M] [--max-prompt-bytes N] [--max-approx-tokens N] [--policy warn|block] [--max-request-tokens N] [--max-request-bytes N] [--request-policy warn|block] [--max-spend-usd AMOUNT] [--max-spend-tokens N] [--spend-policy warn|block] [--wire-secrets warn|redact] [--notes TEXT] [--timeout SECONDS|off] [--repo DIR] [--apply] | apply NAME[@REVISION] | effective | export FILE|- [--name NAME]... | import FILE | repo [DIR] [--import [--name NAME]...] | archive NAME [--undo]   (each with --json)',
    load: () => import('./presets').then((m) => m.run),
  },
  {
    name: 'runs',
    summary: 'List past runs, show one with its evidence, or export evidence as JSON or CSV',
    usage: 'loupe runs list [--repo DIR] [--limit N] [--json] | show RUN_ID [--json] | export RUN_ID|THREAD_ID --format json|csv [--out FILE]',
    load: () => import('./runs').then((m) => m.run),
  },
  {
    name: 'xray',
    summary: "Show a thread's (or a CLI transcript's) model-bound context: meter, system sections, segments by size; pin, evict, summarize or restore a segment; preview a new thread's context",
    usage:
      'loupe xray THREAD_ID [--json] | loupe xray pin|evict|restore THREAD_ID SEGMENT_ID [--json] | loupe xray summarize THREAD_ID SEGMENT_ID --summary TEXT | loupe xray --wire SESSION [--json] | loupe xray pin|evict|summarize|restore --wire SESSION SEGMENT_ID [--now] | loupe xray --session FILE [--json] | loupe xray --preview [--repo DIR] [--json]',
    load: () => import('./xray').then((m) => m.run),
  },
  {
    name: 'wire',
    summary: 'What each agent CLI really sent its provider through Loupe’s relay: requests, their split, reported usage; tool definitions against their use',
    usage: 'loupe wire list [--repo DIR] [--json] | show SESSION [--request N] [--json] | tools [SESSION] [--repo DIR] [--since YYYY-MM-DD] [--json]',
    load: () => import('./wire').then((m) => m.run),
  },
  {
    name: 'cost',
    summary: 'What the requests Loupe saw cost at list price, by day, week, session, model or repository, with the cache-read share and what the cache saved',
    usage: 'loupe cost [--since YYYY-MM-DD] [--by day|week|session|model|repo] [--no-imported] [--json]   (runs, wrapped sessions and the CLIs’ transcripts)',
    load: () => import('./cost').then((m) => m.run),
  },
  {
    name: 'wrap',
    summary: 'Run claude, codex or gemini in this terminal through Loupe’s relay, recording every request (exit code passed through)',
    usage: 'loupe wrap [--repo DIR] [--max-request-tokens N] [--max-request-bytes N] [--request-policy warn|block] [--max-spend-usd AMOUNT] [--max-spend-tokens N] [--spend-policy warn|block] [--wire-secrets warn|redact] -- claude|codex|gemini ARGS...',
    load: () => import('./wrap').then((m) => m.run),
  },
  {
    name: 'trust',
    summary: "Loupe's workspace trust: show what a repository's agent configuration would run (hooks, helpers, MCP servers, env), trust it or withdraw that",
    usage: 'loupe trust [--repo DIR] [--show | --grant [--fingerprint HEX] | --revoke] [--json]   (untrusted: runs leave .claude/, .mcp.json, .gemini/, .env, .codex/ out)',
    load: () => import('./trust').then((m) => m.run),
  },
  {
    name: 'models',
    summary: 'List known models with their context window, its source, reserve and fold budget',
    usage: 'loupe models [--search QUERY] [--json]',
    load: () => import('./models').then((m) => m.run),
  },
  {
    name: 'fold',
    summary: "Show which rows of a history (JSON on stdin) fit a model's window minus its reserve",
    usage: 'loupe fold --model ID [--safe] [--json] < history.json   (OpenAI or Anthropic messages, or Loupe rows)',
    load: () => import('./fold').then((m) => m.run),
  },
  {
    name: 'sessions',
    summary: 'List the Claude Code, Codex and Gemini CLI sessions on this machine, newest first, with size and last reported context',
    usage: 'loupe sessions list [--repo DIR] [--limit N] [--json]   (folders: CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME or Settings → Sessions)',
    load: () => import('./sessions').then((m) => m.run),
  },
  {
    name: 'mcp',
    summary: "Serve the X-Ray tools (read, pin, evict, restore, report context) to an agent over MCP on stdio, for one thread",
    usage: 'loupe mcp --thread ID   (stdin/stdout carry the MCP protocol; for --mcp-config or mcp_servers settings)',
    load: () => import('./mcp').then((m) => m.run),
  },
  {
    name: 'serve',
    summary: 'Serve the Loupe app in your browser on 127.0.0.1',
    usage: 'loupe serve [--port N] [--token-file FILE]   (token also from LOUPE_TOKEN; --token T is visible in ps)',
    load: () => import('./serve').then((m) => m.run),
  },
];
