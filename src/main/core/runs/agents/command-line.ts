// Splitting a custom agent's command line into argv without running a shell.
import { LoupeError } from '../../../../shared/errors';

/**
 * Splits a command line the way a POSIX shell splits words, and nothing more
 * (no variables, globs, pipes or redirections: they are passed on literally).
 *
 * - Whitespace separates words; `''` and `""` make an empty word.
 * - 'single quotes' keep everything literally.
 * - "double quotes" keep everything except `\"` and `\\`, which stand for `"` and `\`.
 * - Outside quotes a backslash escapes a following space, tab, quote or
 *   backslash; before anything else it is kept, so `C:\tools\agent.exe`
 *   works as typed.
 *
 * Throws LoupeError('invalid-input') for an unbalanced quote or an empty command.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (ch === "'" || ch === '"') {
      const end = closingQuote(line, i);
      const body = line.slice(i + 1, end);
      word += ch === "'" ? body : body.replace(/\\(["\\])/g, '$1');
      inWord = true;
      i = end + 1;
    } else if (ch === '\\' && i + 1 < line.length && /[\s'"\\]/.test(line[i + 1]!)) {
      word += line[i + 1];
      inWord = true;
      i += 2;
    } else {
      word += ch;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  if (!words.length || !words[0]) {
    throw new LoupeError('invalid-input', 'The command line is empty: give the program to run, e.g. `my-agent --flag`.', { reason: 'empty-command' });
  }
  return words;
}

/** Index of the quote that closes the one at `start`; throws when there is none. */
function closingQuote(line: string, start: number): number {
  const q = line[start]!;
  for (let i = start + 1; i < line.length; i++) {
    if (q === '"' && line[i] === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) i++;
    else if (line[i] === q) return i;
  }
  const name = q === '"' ? 'double' : 'single';
  throw new LoupeError(
    'invalid-input',
    `The command line has an unbalanced ${name} quote (${q}) at character ${start + 1}: close it, or escape it with a backslash.`,
    { reason: 'unbalanced-quote', position: start + 1 },
  );
}
