// The layer allow-lists of the newest rooms (issue 32), as ESLint config blocks: the wire
// (core/wire) imports nothing of runs/, sessions/ or xray/ (it is the second entrance, below
// them); the conversation room (core/conversation) imports only threads/ (segment ids),
// secrets/ and src/shared; a renderer feature (src/renderer/src/features/<name>/) imports no
// other feature's folder. eslint.config.mjs spreads these; eslint-layers.test.ts plants an
// import that breaks each rule and expects the error.

/** Imports the wire may not make: the rooms above it. */
export const WIRE_FORBIDDEN = {
  // The rooms by their place beside core/wire (`../runs/…`, `../../sessions/…`); src/shared's own runs/ and xray/ are fine.
  regex: '^(\\.\\./)+(runs|sessions|xray|cli)/',
  message:
    'The wire imports nothing of runs/, sessions/, xray/ or the CLI (issue 32): the conversation vocabulary is in core/conversation, a session\'s thread is on wire_sessions.',
};

/** The conversation room's allow-list: anything reached by `../` other than threads/, secrets/ and src/shared. */
export const CONVERSATION_FORBIDDEN = {
  regex: '^\\.\\./(?!threads/|secrets/|\\.\\./\\.\\./shared/)',
  message: 'core/conversation imports only core/threads, core/secrets and src/shared: it is the vocabulary the sessions, the wire and X-Ray share.',
};

/**
 * A renderer feature's files reach no other feature: an import that climbs exactly out of the
 * feature's folder (`../runs/store` from features/xray/, `../../runs/store` from
 * features/inspector/run/) or names a features/ folder. One pattern per depth below the feature.
 */
export function otherFeature(depth) {
  return {
    regex: `^(\\.\\./){${depth}}(?!\\.\\./)|(^|/)features/`,
    message:
      'A renderer feature imports no other feature (CONVENTIONS): app-wide state is in src/renderer/src/state/, shared UI in src/renderer/src/ui/, and src/renderer/src/shell/ composes the views.',
  };
}

/**
 * A CLI command reaches core through the runtime and the rooms' public entries only (issue 32:
 * `wrap` reached five core internals): the runtime, the version and user-data folder, `loupe
 * wrap`'s session, and the few entries the one-shot commands load without the runtime.
 */
export const CLI_CORE_ENTRIES = [
  'runtime',
  'version',
  'user-data',
  'wrap/wrap-session',
  'settings/effective',
  'tokens/count-text',
  'streams/hub',
  'mcp/xray-mcp',
  'mcp/message-limit',
  'git/head-start',
];
export const CLI_FORBIDDEN = {
  regex: `^\\.\\./\\.\\./core/(?!(${CLI_CORE_ENTRIES.join('|')})$)`,
  message: `A CLI command reaches core through the runtime (runtime.call) and the rooms' public entries only: ${CLI_CORE_ENTRIES.map((e) => `core/${e}`).join(', ')}.`,
};

/** The config blocks, each keeping the electron rule that every file of core has. */
export function layerBlocks(electronImport) {
  const ignores = ['**/*.test.ts', '**/*.spec.ts'];
  const rule = (pattern) => ({ 'no-restricted-imports': ['error', { ...electronImport, patterns: [...electronImport.patterns, pattern] }] });
  return [
    { files: ['src/main/core/wire/**'], ignores, rules: rule(WIRE_FORBIDDEN) },
    { files: ['src/main/core/conversation/**'], ignores, rules: rule(CONVERSATION_FORBIDDEN) },
    { files: ['src/main/cli/commands/**'], ignores, rules: rule(CLI_FORBIDDEN) },
    // Depth 1 is features/<name>/File.tsx, depth 2 features/<name>/<sub>/File.tsx, and so on.
    ...[1, 2, 3].map((depth) => ({ files: [`src/renderer/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`], rules: rule(otherFeature(depth)) })),
  ];
}
