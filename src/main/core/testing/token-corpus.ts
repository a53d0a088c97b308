// The token benchmark's corpus: prose, code, CJK and JSON, about 3.6 MB, read by the
// exact-count tests and `npm run bench -- tokens` alike. None of it is kept in the
// repository: it is built on first use from text this machine already has (what
// `npm ci` installs, Node's own npm, the models.dev snapshot in data/) into
// .cache/token-corpus/ (git-ignored), and built again when a source changes.
//
// | kind  | file                      | from                                                                  | license |
// |-------|---------------------------|-----------------------------------------------------------------------|---------|
// | prose | npm-docs.md               | npm's documentation (docs/content/**/*.md of the npm beside Node), front matter and fenced code removed | Artistic-2.0 |
// | prose | license-texts.txt         | Debian's /usr/share/common-licenses: Apache-2.0, GPL-3, LGPL-2.1, MPL-2.0, GFDL-1.3, Artistic | verbatim copies allowed |
// | code  | zod-src.ts                | zod's TypeScript source (v4 core, v4 classic, then v3; tests left out), ~1 MiB | MIT |
// | cjk   | typescript-diagnostics.txt| TypeScript's diagnostic messages in zh-CN, zh-TW, ja and ko           | Apache-2.0 |
// | json  | models-dev.json, models-dev.pretty.json | the models.dev catalog: providers in order to ~512 KiB compact, then others indented | MIT |
//
// Where npm's docs or Debian's license texts are absent (another OS, a slim image), prose
// falls back to the Markdown READMEs and license files of node_modules, to the same size;
// the estimate-error figures (src/shared/tokens/estimate-error.ts) were measured on the
// sources above, so `npm run bench -- tokens` prints which sources it used.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { TextKind } from '../../../shared/tokens/estimate-error';

export interface CorpusFile {
  kind: TextKind;
  name: string;
  text: string;
}

export const CORPUS_KINDS: readonly TextKind[] = ['prose', 'code', 'cjk', 'json'];

const MiB = 1024 * 1024;
/** Bump when what the builder writes changes: an older built corpus is then built again. */
const BUILDER_VERSION = 2;
const CORPUS_DIR = ['.cache', 'token-corpus'];

/** Every corpus file, by kind, in name order; built first when missing or stale. Run from the repository root. */
export function loadCorpus(root = process.cwd()): CorpusFile[] {
  const dir = ensureCorpus(root);
  return CORPUS_KINDS.flatMap((kind) =>
    readdirSync(join(dir, kind))
      .sort()
      .map((name) => ({ kind, name: `${kind}/${name}`, text: readFileSync(join(dir, kind, name), 'utf8') })),
  );
}

/** The files of one kind, joined by newlines (e.g. all the CJK text). */
export function corpusText(kind: TextKind, root = process.cwd()): string {
  return loadCorpus(root)
    .filter((f) => f.kind === kind)
    .map((f) => f.text)
    .join('\n');
}

interface Sources {
  builder: number;
  /** Folder of npm's docs/content and npm's version, or null when prose falls back to node_modules. */
  npmDocs: string | null;
  npm: string | null;
  licenses: string | null;
  zod: string;
  typescript: string;
  modelsDev: string;
}

/** Where this machine's corpus comes from (the benchmark prints it beside its figures). */
export function corpusSources(root = process.cwd()): Sources {
  return findSources(root);
}

/** The corpus folder, built (or built again, when its sources changed) before it is returned. */
export function ensureCorpus(root = process.cwd()): string {
  const dir = join(root, ...CORPUS_DIR);
  const sources = findSources(root);
  const stamp = join(dir, 'sources.json');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === JSON.stringify(sources)) return dir;
  // Built beside, then renamed into place: processes building at once never read a half-written corpus.
  const building = `${dir}.${process.pid}.${Date.now()}`;
  rmSync(building, { recursive: true, force: true });
  buildCorpus(root, sources, building);
  writeFileSync(join(building, 'sources.json'), JSON.stringify(sources));
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(building, dir);
  } catch {
    // Another process renamed its identical copy first.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

const versionOf = (modules: string, pkg: string) =>
  (JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')) as { version: string }).version;

function findSources(root: string): Sources {
  const modules = join(root, 'node_modules');
  const npmRoot = [process.env.NPM_ROOT, join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm'), join(dirname(process.execPath), 'node_modules', 'npm')].find(
    (p): p is string => !!p && existsSync(join(p, 'docs', 'content')),
  );
  return {
    builder: BUILDER_VERSION,
    npmDocs: npmRoot ? join(npmRoot, 'docs', 'content') : null,
    npm: npmRoot ? versionOf(join(npmRoot, '..'), 'npm') : null,
    licenses: existsSync('/usr/share/common-licenses/Apache-2.0') ? '/usr/share/common-licenses' : null,
    zod: versionOf(modules, 'zod'),
    typescript: versionOf(modules, 'typescript'),
    modelsDev: modelsDevFile(root),
  };
}

/**
 * The models.dev snapshot: the repository's own (data/models-dev), else the shared copy
 * beside the clone (../shared/data, as CI has it; ../../shared from a worktree), else MODELS_DEV_DIR.
 */
function modelsDevFile(root: string): string {
  const dirs = [process.env.MODELS_DEV_DIR, join(root, 'data', 'models-dev'), join(root, '..', 'shared', 'data', 'models-dev'), join(root, '..', '..', 'shared', 'data', 'models-dev')];
  for (const dir of dirs) {
    if (!dir || !existsSync(dir)) continue;
    const file = readdirSync(dir).find((n) => n.startsWith('api-') && n.endsWith('.json'));
    if (file) return join(dir, file);
  }
  throw new Error(`The token corpus needs the models.dev snapshot (api-*.json); looked in ${dirs.filter(Boolean).join(', ')}.`);
}

function walk(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path, keep);
      return keep(path) ? [path] : [];
    });
}

/** `parts` joined until `limit` bytes are reached (the last part that crosses it is kept whole). */
function upTo(parts: Iterable<string>, limit: number, separator = ''): string {
  let text = '';
  for (const part of parts) {
    if (Buffer.byteLength(text) >= limit) break;
    text += (text ? separator : '') + part;
  }
  return text;
}

/** Markdown READMEs of the installed packages, in name order: the prose fallback. */
function* readmes(modules: string): Generator<string> {
  for (const name of readdirSync(modules).sort()) {
    const dirs = name.startsWith('@') ? readdirSync(join(modules, name)).sort().map((n) => join(modules, name, n)) : [join(modules, name)];
    for (const d of dirs) {
      const file = join(d, 'README.md');
      if (existsSync(file)) yield readFileSync(file, 'utf8').replace(/```[\s\S]*?```\n?/g, '');
    }
  }
}

function buildCorpus(root: string, sources: Sources, out: string): void {
  const modules = join(root, 'node_modules');
  const write = (kind: TextKind, name: string, text: string) => {
    mkdirSync(join(out, kind), { recursive: true });
    writeFileSync(join(out, kind, name), text);
  };

  // Prose: npm's documentation (fenced code blocks removed: they are code, not prose), then English license texts.
  const docs = sources.npmDocs
    ? walk(sources.npmDocs, (p) => p.endsWith('.md'))
        .map((p) => readFileSync(p, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '').replace(/```[\s\S]*?```\n?/g, ''))
        .join('\n\n')
    : upTo(readmes(modules), 560 * 1024, '\n\n');
  write('prose', 'npm-docs.md', docs);
  const licenses = sources.licenses
    ? ['Apache-2.0', 'GPL-3', 'LGPL-2.1', 'MPL-2.0', 'GFDL-1.3', 'Artistic'].map((n) => readFileSync(join(sources.licenses!, n), 'utf8')).join('\n\n')
    : upTo(
        readdirSync(modules)
          .sort()
          .map((n) => join(modules, n, 'LICENSE'))
          .filter((p) => existsSync(p))
          .map((p) => readFileSync(p, 'utf8')),
        116 * 1024,
        '\n\n',
      );
  write('prose', 'license-texts.txt', licenses);

  // Code: zod's TypeScript source, v4 core and classic first, then v3, tests left out, to ~1 MiB.
  const src = join(modules, 'zod', 'src');
  const files = [join(src, 'v4', 'core'), join(src, 'v4', 'classic'), join(src, 'v3')].flatMap((d) =>
    walk(d, (p) => p.endsWith('.ts') && !p.includes('/tests/') && !p.endsWith('.test.ts')),
  );
  write('code', 'zod-src.ts', upTo(files.map((f) => `// ---- zod/src/${relative(src, f)}\n${readFileSync(f, 'utf8')}\n`), MiB));

  // CJK: TypeScript's diagnostic messages in Simplified and Traditional Chinese, Japanese and Korean.
  const messages = ['zh-cn', 'zh-tw', 'ja', 'ko'].map((lang) =>
    Object.values(JSON.parse(readFileSync(join(modules, 'typescript', 'lib', lang, 'diagnosticMessages.generated.json'), 'utf8')) as Record<string, string>).join('\n'),
  );
  write('cjk', 'typescript-diagnostics.txt', `${messages.join('\n')}\n`);

  // JSON: the models.dev catalog, providers in order until ~512 KiB, once compact (as served)
  // and once indented by two spaces (as JSON usually sits in a repository).
  // The catalog as the estimate-error figures were measured on it (src/shared/tokens/estimate-error.ts): windows
  // only, keys sorted. The snapshot now carries prices too (models' `cost`, issue 36), which would change the
  // corpus the figures describe.
  const entries = Object.entries(asMeasured(JSON.parse(readFileSync(sources.modelsDev, 'utf8'))) as Record<string, unknown>);
  const pick = (from: [string, unknown][], limit: number, indent?: number) => {
    const subset: Record<string, unknown> = {};
    for (const [key, value] of from) {
      subset[key] = value;
      if (Buffer.byteLength(JSON.stringify(subset, null, indent)) >= limit) break;
    }
    return subset;
  };
  const compact = pick(entries, MiB / 2);
  write('json', 'models-dev.json', JSON.stringify(compact));
  write('json', 'models-dev.pretty.json', `${JSON.stringify(pick(entries.filter(([k]) => !(k in compact)), MiB / 2, 2), null, 2)}\n`);
}

/** A models.dev document without the models' prices, every object's keys in order: the shape of the 2026-07-02 snapshot before prices were added. */
function asMeasured(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => asMeasured(v));
  if (!value || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) if (!(k === 'cost' && key !== 'models' && 'limit' in o)) out[k] = asMeasured(o[k], k);
  return out;
}

/** `text` cut into consecutive pieces of at most `maxBytes` UTF-8 bytes, never inside a code point. */
export function piecesOf(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const units = code >= 0x10000 ? 2 : 1;
    if (bytes + width > maxBytes) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += width;
    i += units;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}
