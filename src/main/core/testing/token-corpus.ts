// The token benchmark's fixed corpus (bench/corpus/, see its README): prose,
// code, CJK and JSON, read for the tests and the benchmark alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TextKind } from '../../../shared/tokens/estimate-error';

export interface CorpusFile {
  kind: TextKind;
  name: string;
  text: string;
}

export const CORPUS_KINDS: readonly TextKind[] = ['prose', 'code', 'cjk', 'json'];

/** Every corpus file (licenses left out), by kind, in name order. Run from the repository root. */
export function loadCorpus(root = process.cwd()): CorpusFile[] {
  return CORPUS_KINDS.flatMap((kind) => {
    const dir = join(root, 'bench', 'corpus', kind);
    return readdirSync(dir)
      .filter((name) => !name.startsWith('LICENSE'))
      .sort()
      .map((name) => ({ kind, name: `${kind}/${name}`, text: readFileSync(join(dir, name), 'utf8') }));
  });
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
