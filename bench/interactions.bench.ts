// The app's interactions as a user waits for them (issue 24): Chromium drives the browser
// host on a small fixture repository and on the 30,200-file `inspect` repository, and times
// each interaction from the click (the event's own timestamp in the page) to the first visible
// change (the first DOM mutation after it) and to its settled result (a selector the result
// satisfies), beside the API calls it caused, measured in the same run: their span from the
// click to the last response, so "page adds" = settled − span is what the page itself costs.
// Goals: first feedback within 100 ms; the page adds at most 100 ms over its API calls.
// Covered: open a repository, tick a folder, Inspect, open Run settings, open X-Ray. Not yet:
// change the base, a demo run to its first output, evict, switch thread, open a 3 MB session.
// Needs the app built (`npm run build`) and Chromium (PLAYWRIGHT_CHROMIUM_PATH or /usr/bin/chromium).
// LOUPE_BENCH_ROUNDS (default 3), LOUPE_BENCH_SMALL=1 (the fixture only), LOUPE_BENCH_VERBOSE=1 (each step as it starts).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startBrowserHost } from '../e2e/host';
import { makeRepo } from '../e2e/repos';
import { benchRepo, TARGET_DIR } from './inspect-repo';

const root = process.cwd();
if (!existsSync(join(root, 'out', 'main', 'cli.js'))) {
  console.error('interactions bench: build first (npm run build).');
  process.exit(1);
}
const executablePath = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
const ROUNDS = Number(process.env.LOUPE_BENCH_ROUNDS ?? 3);

/** In every page: the time of the next user event once armed, and of the first DOM change after it. */
const PROBE = `
window.__probe = { armed: false, start: null, first: null };
for (const type of ['click', 'change']) {
  document.addEventListener(type, () => {
    const p = window.__probe;
    if (p.armed && p.start === null) p.start = performance.now();
  }, { capture: true });
}
new MutationObserver(() => {
  const p = window.__probe;
  if (p.start !== null && p.first === null) p.first = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
`;

interface Timing {
  feedback: number;
  settled: number;
  apiSpan: number;
  apiCalls: number;
}

interface ApiCall {
  start: number;
  end: number;
}

/**
 * Arms the probe, watches for `settledWhen` (a page expression) on every DOM change, runs
 * `act` (the click), and returns the timings relative to the event, with the API calls that
 * started between the event and the settled result.
 */
async function timeIt(page: Page, calls: ApiCall[], settledWhen: string, act: () => Promise<void>): Promise<Timing> {
  await page.evaluate(() => {
    const p = (window as unknown as { __probe: { armed: boolean; start: number | null; first: number | null } }).__probe;
    p.armed = true;
    p.start = null;
    p.first = null;
  });
  const settled = page.evaluate(
    (expression) =>
      new Promise<number>((resolve) => {
        const done = new Function(`return Boolean(${expression});`) as () => boolean;
        const check = () => {
          if (!done()) return;
          observer.disconnect();
          resolve(performance.now());
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    settledWhen,
  );
  const from = calls.length;
  if (process.env.LOUPE_BENCH_VERBOSE) console.log(`    … ${settledWhen.slice(0, 60)}`);
  await act();
  const settledAt = await settled;
  const { start, first, origin } = await page.evaluate(() => {
    const p = (window as unknown as { __probe: { armed: boolean; start: number | null; first: number | null } }).__probe;
    p.armed = false;
    return { start: p.start, first: p.first, origin: performance.timeOrigin };
  });
  if (start === null) throw new Error(`no click or change reached the page before "${settledWhen}"`);
  // Responses can be reported a moment after the page saw them: give them a tick.
  await page.waitForTimeout(50);
  const t0 = origin + start;
  const mine = calls.slice(from).filter((c) => c.start >= t0 - 5 && c.start <= origin + settledAt);
  const lastEnd = mine.reduce((m, c) => Math.max(m, c.end), t0);
  return { feedback: (first ?? settledAt) - start, settled: settledAt - start, apiSpan: lastEnd - t0, apiCalls: mine.length };
}

const STEPS = ['open a repository', 'tick a folder', 'Inspect', 'open Run settings', 'open X-Ray'] as const;

async function round(page: Page, origin: string, repo: string, folder: string): Promise<Record<(typeof STEPS)[number], Timing>> {
  const calls: ApiCall[] = [];
  page.on('requestfinished', (req) => {
    if (!req.url().startsWith(`${origin}/api/`)) return;
    const t = req.timing();
    calls.push({ start: t.startTime, end: t.startTime + t.responseEnd });
  });
  await page.locator('.app[data-ready="true"]').waitFor();
  await page.getByLabel('Repository folder').fill(repo);
  const q = JSON.stringify;
  const out = {} as Record<(typeof STEPS)[number], Timing>;
  out['open a repository'] = await timeIt(page, calls, `document.querySelector(${q(`.repo-bar[data-repo-root="${repo}"]`)}) && document.querySelector('[data-testid="file-tree"] [data-path]')`, () =>
    page.getByRole('button', { name: 'Open', exact: true }).click(),
  );
  out['tick a folder'] = await timeIt(page, calls, `/^1 of/.test(document.querySelector('[data-testid="selection-count"]')?.textContent ?? '')`, () =>
    page.getByLabel(`Select ${folder}`, { exact: true }).check(),
  );
  out.Inspect = await timeIt(page, calls, `document.querySelector('[data-testid="result"]')`, () => page.getByTestId('inspect-button').click());
  out['open Run settings'] = await timeIt(page, calls, `document.querySelector('[data-testid="run-settings"]')`, () => page.getByTestId('run-settings-toggle').click());
  await page.getByTestId('run-settings-close').click();
  // A repository with no thread settles on X-Ray's empty state.
  const xraySettled = `document.querySelector('.xray[data-ready="true"]') || /No threads yet|Choose a thread/.test(document.querySelector('.xray')?.textContent ?? '')`;
  out['open X-Ray'] = await timeIt(page, calls, xraySettled, () =>
    page.getByRole('button', { name: 'X-Ray', exact: true }).click(),
  );
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;

const fixture = makeRepo({
  'README.md': '# Fixture\n',
  'src/app.ts': 'export const app = 1;\n',
  'src/util.ts': 'export const util = (n: number) => n * 2;\n',
  'src/lib/deep.ts': 'export const deep = true;\n',
  'docs/guide.md': '# Guide\n',
});
const repos: [string, string, string][] = [
  ['fixture (5 files)', fixture, 'src'],
  ...(process.env.LOUPE_BENCH_SMALL ? [] : [['wide (30,200 files)', await benchRepo(), TARGET_DIR] as [string, string, string]]),
];

const host = await startBrowserHost();
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
let missed = 0;
try {
  console.log(`interactions: Chromium on the browser host, median of ${ROUNDS} rounds (a fresh page each); load average ${loadavg()[0]!.toFixed(1)} on 2 cores`);
  for (const [name, repo, folder] of repos) {
    const rounds: Awaited<ReturnType<typeof round>>[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript(PROBE);
      await page.goto(host.url);
      rounds.push(await round(page, host.origin, repo, folder));
      await page.close();
    }
    console.log(`  ${name}`);
    console.log(`    ${'interaction'.padEnd(20)} first feedback   settled   API calls (span)    page adds`);
    for (const step of STEPS) {
      const of = (k: keyof Timing) => median(rounds.map((r) => r[step][k]));
      // A result can show before every call it started has ended (X-Ray's empty state): the page then adds nothing.
      const adds = Math.max(0, of('settled') - of('apiSpan'));
      const ok = of('feedback') <= 100 && adds <= 100;
      if (!ok) missed++;
      console.log(
        `    ${step.padEnd(20)} ${ms(of('feedback'))}    ${ms(of('settled'))}   ${String(of('apiCalls')).padStart(2)} (${ms(of('apiSpan'))})   ${ms(adds)}  ${ok ? 'meets' : 'MISSES'} (feedback <= 100 ms, page adds <= 100 ms)`,
      );
    }
  }
} finally {
  await browser.close();
  await host.stop();
}
console.log(missed ? `${missed} interaction(s) miss a goal.` : 'Every interaction meets both goals.');
