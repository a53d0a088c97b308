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

/** Counts over a stretch of text, in one pass over its UTF-16 code units. */
interface Tally {
  visible: number;
  cjk: number;
  symbols: number;
  /** UTF-8 bytes. */
  bytes: number;
}

// Whitespace as RegExp \s knows it: what is not visible.
const isSpace = (c: number) =>
  c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
// Han, Hiragana, Katakana, Hangul, CJK punctuation and full-width forms.
const isCjk = (c: number) =>
  (c >= 0x3000 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xffef);
// { } ( ) [ ] ; = < > & | * + - / \ : $ # @ ! % ^ ~ `
const SYMBOL = new Uint8Array(128);
for (const ch of '{}()[];=<>&|*+-/\\:$#@!%^~`') SYMBOL[ch.charCodeAt(0)] = 1;

/**
 * One loop instead of three regex matches: `text.match(/\S/g)` builds an
 * array of one-character strings, which on 200 previews was a tenth of
 * `loupe inspect`'s time, most of it garbage collection.
 */
function tally(text: string, from: number, to: number): Tally {
  let visible = 0;
  let cjk = 0;
  let symbols = 0;
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      bytes += 1;
      if (c > 0x20 && c !== 0x7f) {
        visible++;
        symbols += SYMBOL[c]!;
      } else if (c === 0x7f || (c < 0x20 && !isSpace(c))) visible++;
      continue;
    }
    // A surrogate half is two of a pair's four bytes (a lone half is replaced by 3 bytes; close enough for a mix).
    bytes += c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
    if (isSpace(c)) continue;
    visible++;
    if (isCjk(c)) cjk++;
  }
  return { visible, cjk, symbols, bytes };
}

/** The kind of text at `path` (repo-relative or a bare name) given a sample of its content (first 4 KiB are used). */
export function classifyTextKind(path: string, sample = ''): TextKind {
  const end = Math.min(sample.length, 4096);
  return kindOf(path, sample.slice(0, end), tally(sample, 0, end));
}

function kindOf(path: string, head: string, t: Tally): TextKind {
  if (t.visible > 0 && t.cjk / t.visible >= 0.2) return 'cjk';
  if (JSON_EXT.test(path)) return 'json';
  if (CODE_NAMES.test(path) || (CODE_EXT.test(path) && !PROSE_NAMES.test(path))) return 'code';
  if (PROSE_EXT.test(path) || PROSE_NAMES.test(path)) return 'prose';
  // No telling extension: JSON by its first character, code by its density of symbols.
  const trimmed = head.trimStart();
  if (/^[[{]/.test(trimmed) && /^[[{]\s*["{[\]}\d-]/.test(trimmed)) return 'json';
  return t.visible > 0 && t.symbols / t.visible > 0.08 ? 'code' : 'prose';
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
  for (let at = 0, end = 0; at < text.length; at = end) {
    end = Math.min(text.length, at + MIX_PIECE_CHARS);
    // Never split a surrogate pair: its halves would count 3 bytes each instead of 4 together.
    if (end < text.length && /[\udc00-\udfff]/.test(text[end]!)) end++;
    const t = tally(text, at, end);
    const kind = kindOf(path, text.slice(at, Math.min(end, at + 64)), t);
    mix[kind] = (mix[kind] ?? 0) + t.bytes;
  }
  return mix;
}

/** The sum of several mixes. */
export function addMixes(...mixes: readonly TextMix[]): TextMix {
  const out: TextMix = {};
  for (const m of mixes) for (const [k, b] of Object.entries(m) as [TextKind, number][]) out[k] = (out[k] ?? 0) + b;
  return out;
}
