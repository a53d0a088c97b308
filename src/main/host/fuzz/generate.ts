// Request generators for the host's fuzz suite: a small seeded PRNG and
// values chosen to hit edge cases (types, sizes, encodings, paths).

export { prng } from '../../../shared/prng';

export type Rand = () => number;
export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** Keys the contract's requests use, so generated objects get past the first checks. */
const KEYS = [
  'repo', 'path', 'paths', 'baseRef', 'dir', 'attachments', 'name', 'size', 'query', 'limit', 'id', 'force', 'refreshEnabled',
  'modelsDevUrl', 'listUrl', 'callId', 'streams', 'key', 'after', 'keys', 'ask', 'settings', 'agent', 'command', 'model',
  'loop', 'contextBudget', 'maxPromptBytes', 'maxApproximateTokens', 'policy', 'requestBudget', 'maxRequestTokens', 'maxRequestBytes', 'wireSecrets', 'runId', 'threadId', 'fresh', 'schema',
  'memory', 'scope', 'format', 'refresh', '__proto__', 'constructor', 'prototype',
] as const;

/** Strings that have broken parsers, paths and shells before. */
export function nastyStrings(repo: string): string[] {
  return [
    '', ' ', '\0', 'a\0b', '..', '../..', '../../../../etc/passwd', '/etc/passwd', '/', '.', '.git', '.git/config', '.env',
    'C:\\Windows\\System32', '\\\\?\\C:\\x', '\\\\server\\share', 'C:', 'con', 'nul', 'aux',
    repo, `${repo}/..`, `${repo}/.git`, `${repo}/../../etc`, `${repo}/src/../../..`,
    'HEAD', 'HEAD~1', '-x', '--output=/tmp/pwn', '--upload-pack=touch /tmp/pwn', 'refs/heads/../../x', '@{-1}',
    '\u202e', '\ud800', '\uffff', '😀'.repeat(3), 'é'.normalize('NFD'), '%2e%2e%2f', '%00', '${HOME}', '$(id)', '`id`',
    'x'.repeat(5000), 'y'.repeat(70_000), 'task:x', 'run:../x', 'demo', 'custom', 'block', 'warn', 'json', 'csv',
  ];
}

/** A random JSON value, depth-bounded, mixing nasty strings and odd numbers. */
export function randomValue(r: Rand, strings: readonly string[], depth = 0): unknown {
  const roll = r();
  if (depth > 3 || roll < 0.35) return pick(r, strings);
  if (roll < 0.5) return pick(r, [0, -1, 1, 1.5, -0.0, 2 ** 53, 2 ** 64, 1e308, -1e308, 268_435_457, 50, 51, 200, 4096]);
  if (roll < 0.55) return pick(r, [true, false, null]);
  if (roll < 0.75) return Array.from({ length: Math.floor(r() * 5) }, () => randomValue(r, strings, depth + 1));
  return randomObject(r, strings, depth + 1);
}

export function randomObject(r: Rand, strings: readonly string[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    const key = r() < 0.9 ? pick(r, KEYS) : pick(r, strings);
    Object.defineProperty(out, key, { value: randomValue(r, strings, depth), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** JSON nested `depth` levels deep, built without recursion. */
export function deepJson(depth: number, open = '[', close = ']'): string {
  return open.repeat(depth) + close.repeat(depth);
}
