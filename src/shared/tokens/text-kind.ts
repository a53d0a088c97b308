/**
 * A cheap guess of what kind of text a file holds (prose, code, CJK or JSON),
 * to pick the estimator's measured error for it. Path first, then a look at
 * the first 4 KiB: CJK wins whatever the extension when it is a fifth of the
 * visible characters, as it changes the error most.
 */
import type { TextKind, TextMix } from './estimate-error';

const JSON_EXT = /\.(json|jsonc|json5|jsonl|ndjson|geojson|ipynb|webmanifest|har)$/i;
const PROSE_EXT = /\.(md|mdx|markdown|txt|text|rst|adoc|asciidoc|org|tex|rtf|html?)$/i;
const PROSE_NAMES = /(^|\/)(README|LICENSE|LICENCE|COPYING|NOTICE|AUTHORS|CHANGELOG|CHANGES|CONTRIBUTING|HISTORY)([._-][^/]*)?$/i;
const CODE_EXT =
  /\.([cm]?[jt]sx?|py|pyi|rb|go|rs|java|kt|kts|scala|swift|c|h|cc|cpp|cxx|hpp|hh|cs|fs|php|pl|pm|lua|r|jl|dart|ex|exs|erl|hs|ml|mli|clj|cljs|sh|bash|zsh|fish|ps1|sql|vue|svelte|astro|css|scss|sass|less|ya?ml|toml|ini|cfg|conf|xml|gradle|cmake|mk|proto|graphql|gql|tf|hcl|nix|zig|v|sol|d\.ts)$/i;
const CODE_NAMES = /(^|\/)(Makefile|Dockerfile|Containerfile|Rakefile|Gemfile|Justfile|BUILD|WORKSPACE|CMakeLists\.txt)$/;

// Han, Hiragana, Katakana, Hangul, CJK punctuation and full-width forms.
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;
const VISIBLE = /\S/g;
const SYMBOLS = /[{}()[\];=<>&|*+\-/\\:$#@!%^~`]/g;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/** The kind of text at `path` (repo-relative or a bare name) given a sample of its content (first 4 KiB are used). */
export function classifyTextKind(path: string, sample = ''): TextKind {
  const head = sample.slice(0, 4096);
  const visible = count(head, VISIBLE);
  if (visible > 0 && count(head, CJK) / visible >= 0.2) return 'cjk';
  if (JSON_EXT.test(path)) return 'json';
  if (CODE_NAMES.test(path) || (CODE_EXT.test(path) && !PROSE_NAMES.test(path))) return 'code';
  if (PROSE_EXT.test(path) || PROSE_NAMES.test(path)) return 'prose';
  // No telling extension: JSON by its first character, code by its density of symbols.
  const trimmed = head.trimStart();
  if (/^[[{]/.test(trimmed) && /^[[{]\s*["{[\]}\d-]/.test(trimmed)) return 'json';
  return visible > 0 && count(head, SYMBOLS) / visible > 0.08 ? 'code' : 'prose';
}

/** Pieces a long text is classified in (classifyTextKind reads 4 KiB), so a mixed text gets a mixed answer. */
const MIX_PIECE_CHARS = 4096;

/**
 * UTF-8 bytes per kind of text in `text` (at `path`, or '' for a prompt
 * section): classified piece by piece, for expectedErrorRange. Bytes are
 * counted as UTF-8 so the mix weighs what the estimate (bytes / 4) weighs.
 */
export function textMixOf(path: string, text: string): TextMix {
  const mix: TextMix = {};
  const encoder = new TextEncoder();
  for (let at = 0, end = 0; at < text.length; at = end) {
    end = Math.min(text.length, at + MIX_PIECE_CHARS);
    // Never split a surrogate pair: its halves would count 3 bytes each instead of 4 together.
    if (end < text.length && /[\udc00-\udfff]/.test(text[end]!)) end++;
    const piece = text.slice(at, end);
    const kind = classifyTextKind(path, piece);
    mix[kind] = (mix[kind] ?? 0) + encoder.encode(piece).length;
  }
  return mix;
}

/** The sum of several mixes. */
export function addMixes(...mixes: readonly TextMix[]): TextMix {
  const out: TextMix = {};
  for (const m of mixes) for (const [k, b] of Object.entries(m) as [TextKind, number][]) out[k] = (out[k] ?? 0) + b;
  return out;
}
