// A repository whose exact token count takes seconds (with one worker), and a click measured
// to its DOM update: shared by e2e/agent-runs/tokens.spec.ts (which asserts the order of events) and
// bench/click-latency.bench.ts (which measures how long the clicks take).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { corpusText } from '../src/main/core/testing/token-corpus';
import { prng } from '../src/shared/prng';

/**
 * About 7.6 MiB of text to count (the inspection budget is 8): a little more TypeScript than
 * CJK, the slowest text to tokenize, in files under the 512 KiB limit. With one worker
 * (LOUPE_TOKEN_WORKERS=1 in the host's environment) the count takes seconds even though the
 * host starts its workers ahead, so clicks land while it runs. `root` is the repository's.
 */
export function bigRepoFiles(root: string): Record<string, string> {
  const code = readFileSync(join(root, 'src', 'shared', 'fold', 'trim.ts'), 'utf8');
  const cjk = corpusText('cjk', root);
  const fill = (seed: string, unique: string, bytes: number) => {
    let text = `// ${unique}\n`;
    while (Buffer.byteLength(text) < bytes) text += seed;
    return text.slice(0, bytes);
  };
  // Characters of the corpus in a seeded random order: text the tokenizer has not seen (repeated text is
  // counted from its own word cache, much faster than new text a user's files hold).
  const cjkChars = [...new Set(cjk.replace(/[\s\x00-\x7f]/g, ''))];
  const files: Record<string, string> = { 'other/a.txt': 'a\n', 'other/b.txt': 'b\n', 'README.md': '# big\n' };
  for (let i = 0; i < 12; i++) {
    files[`big/code-${String(i).padStart(2, '0')}.ts`] = fill(code, `code ${i}`, 340 * 1024);
    // CJK characters are three UTF-8 bytes each: about 310 KiB per file.
    files[`big/zh-${String(i).padStart(2, '0')}.md`] = shuffledCjk(cjkChars, i, 105 * 1024);
  }
  return files;
}

/** `chars` characters drawn from `alphabet` by a seeded PRNG, in sentences. */
function shuffledCjk(alphabet: readonly string[], seed: number, chars: number): string {
  const next = prng(seed + 1);
  let text = '';
  while (text.length < chars) {
    const sentence = 12 + Math.floor(next() * 30);
    for (let k = 0; k < sentence; k++) text += alphabet[Math.floor(next() * alphabet.length)];
    text += '。\n';
  }
  return text.slice(0, chars);
}

/**
 * The clicks a user makes in the tree while the count runs: collapse, expand, (un)select, four
 * times, which leaves the tree and the selection as they were (so the list can be clicked again).
 */
export const TREE_CLICKS: readonly { name: string; target: string; row: string; present: boolean }[] = [0, 1, 2, 3].flatMap((i) => [
  { name: `collapse ${i}`, target: '[aria-label="Collapse other"]', row: '[data-testid="file-tree"] [data-path="other/a.txt"]', present: false },
  { name: `expand ${i}`, target: '[aria-label="Expand other"]', row: '[data-testid="file-tree"] [data-path="other/a.txt"]', present: true },
  { name: `select ${i}`, target: '[aria-label="Select other/b.txt"]', row: '[data-testid="selection-chip"][title="other/b.txt"]', present: i % 2 === 0 },
]);

/**
 * Clicks `target` in the page and resolves, with the time it took by performance.now(), once
 * `row` is present (or absent): click to DOM update. `name` is written to the page's event log
 * (window.loupeEvents, see logCountDone) when the update lands.
 */
export function clickToDom(page: Page, click: (typeof TREE_CLICKS)[number]): Promise<number> {
  return page.evaluate(
    ({ name, target, row, present }) =>
      new Promise<number>((resolve) => {
        const done = () => (document.querySelector(row) !== null) === present;
        const t0 = performance.now();
        const finish = () => {
          obs.disconnect();
          ((window as unknown as { loupeEvents?: string[] }).loupeEvents ??= []).push(name);
          resolve(performance.now() - t0);
        };
        const obs = new MutationObserver(() => {
          if (done()) finish();
        });
        obs.observe(document.body, { childList: true, subtree: true, attributes: true });
        (document.querySelector(target) as HTMLElement).click();
        if (done()) finish();
      }),
    click,
  );
}

/** Writes "count done" to the page's event log when the token totals say the exact count is done. */
export function logCountDone(page: Page): Promise<void> {
  return page.evaluate(() => {
    const log = ((window as unknown as { loupeEvents?: string[] }).loupeEvents ??= []);
    const obs = new MutationObserver(() => {
      if (document.querySelector('[data-testid="token-totals"]')?.getAttribute('data-exact') === 'done') {
        obs.disconnect();
        log.push('count done');
      }
    });
    obs.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-exact'] });
  });
}

/** The page's event log, in the order things happened. */
export function pageEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { loupeEvents?: string[] }).loupeEvents ?? []);
}
