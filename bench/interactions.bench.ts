// The app's interactions as a user waits for them (issue 24): Chromium drives the browser
// host on a small fixture repository and on the 30,200-file `inspect` repository, and times
// each interaction from the user's event (its own timestamp in the page) to the first visible
// change (the first DOM mutation after it) and to its settled result (a condition the result
// satisfies), beside the API calls it caused, measured in the same run: their span from the
// event to the last response, so "page adds" = settled − span is what the page itself costs.
// Goals: first feedback within 100 ms; the page adds at most 100 ms over its API calls.
// The ten: open a repository, change the base, tick a folder, Inspect, open Run settings, a demo
// run to its first output, open X-Ray, evict (in X-Ray), switch thread, open a 3 MB Claude Code
// session (the real one in fixtures/sessions/claude/spotter, copied into the host's own
// ~/.claude/projects as a session of the repository). Each API call the issue names is set
// against the work underneath it, in the same process: the session's manifest against reading
// the transcript (readFileSync + split + JSON.parse of every line), X-Ray's measure (and an
// eviction's answer, which carries it) and Inspect against the git floor of the files they read
// (`git ls-tree` + one `git cat-file --batch` of the ticked folder at the base).
// Needs the app built (`npm run build`) and Chromium (PLAYWRIGHT_CHROMIUM_PATH or /usr/bin/chromium).
// LOUPE_BENCH_ROUNDS (default 3), LOUPE_BENCH_SMALL=1 (the fixture only), LOUPE_BENCH_VERBOSE=1 (each step as it starts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startBrowserHost, type StartedHost } from '../e2e/host';
import { git, makeRepo, writeFiles } from '../e2e/repos';
import { benchRepo, TARGET_DIR } from './inspect-repo';

const root = process.cwd();
if (!existsSync(join(root, 'out', 'main', 'cli.js'))) {
  console.error('interactions bench: build first (npm run build).');
  process.exit(1);
}
const executablePath = [process.env.PLAYWRIGHT_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => !!p && existsSync(p));
const ROUNDS = Number(process.env.LOUPE_BENCH_ROUNDS ?? 3);
/** The base every round changes to: the commit before HEAD (both repositories have one). */
const BASE = 'HEAD~1';
const SESSION = join(root, 'fixtures/sessions/claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
const OTHER_ASK = 'Bench: the other thread';

/** In every page: the time of the next user event once armed, and of the first DOM change after it. */
const PROBE = `
window.__probe = { armed: false, start: null, first: null, pushed: [] };
// The host's pushed events (a run's output, a thread's change) arrive on one EventSource: note when each does.
const NativeEventSource = window.EventSource;
window.EventSource = class extends NativeEventSource {
  constructor(url, init) {
    super(url, init);
    this.addEventListener('stream', () => window.__probe.pushed.push(performance.now()));
  }
};
for (const type of ['click', 'change', 'keydown']) {
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

interface ApiCall {
  method: string;
  start: number;
  end: number;
}

interface Timing {
  feedback: number;
  settled: number;
  apiSpan: number;
  apiCalls: number;
  /** Each call's own duration by method (the longest when one was called twice). */
  byMethod: Record<string, number>;
}

/**
 * Arms the probe, watches for `settledWhen` (a page expression) on every DOM change, runs
 * `act` (the user's action), and returns the timings relative to the event, with the API calls
 * that started between the event and the settled result.
 */
async function timeIt(page: Page, calls: ApiCall[], settledWhen: string, act: () => Promise<void>, waitsForPush = false): Promise<Timing> {
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
  if (process.env.LOUPE_BENCH_VERBOSE) console.log(`    … ${settledWhen.slice(0, 70)}`);
  await act();
  const settledAt = await settled;
  const { start, first, origin, pushed } = await page.evaluate(() => {
    const p = (window as unknown as { __probe: { armed: boolean; start: number | null; first: number | null; pushed: number[] } }).__probe;
    p.armed = false;
    const pushed = p.pushed;
    p.pushed = [];
    return { start: p.start, first: p.first, origin: performance.timeOrigin, pushed };
  });
  if (start === null) throw new Error(`no click, change or key reached the page before "${settledWhen}"`);
  // Responses can be reported a moment after the page saw them: give them a tick.
  await page.waitForTimeout(50);
  const t0 = origin + start;
  const mine = calls.slice(from).filter((c) => c.start >= t0 - 5 && c.start <= origin + settledAt);
  // Where the result waits for a pushed event (a run's first output), its arrival ends the API's part as a response does.
  const lastPush = waitsForPush ? pushed.filter((t) => t >= start && t <= settledAt).reduce((m, t) => Math.max(m, origin + t), t0) : t0;
  const lastEnd = mine.reduce((m, c) => Math.max(m, c.end), lastPush);
  const byMethod: Record<string, number> = {};
  for (const c of mine) byMethod[c.method] = Math.max(byMethod[c.method] ?? 0, c.end - c.start);
  if (process.env.LOUPE_BENCH_VERBOSE) {
    const rel = (t: number) => (t - t0).toFixed(0);
    console.log(`      feedback ${((first ?? settledAt) - start).toFixed(0)}, settled ${(settledAt - start).toFixed(0)}; ${mine.map((c) => `${c.method} ${rel(c.start)}–${rel(c.end)}`).join(', ')}; pushed ${pushed.filter((t) => t >= start && t <= settledAt).map((t) => (t - start).toFixed(0)).join(' ')}`);
  }
  return { feedback: (first ?? settledAt) - start, settled: settledAt - start, apiSpan: lastEnd - t0, apiCalls: mine.length, byMethod };
}

const STEPS = [
  'open a repository',
  'change the base',
  'tick a folder',
  'Inspect',
  'open Run settings',
  'a demo run (first output)',
  'open X-Ray',
  'evict',
  'switch thread',
  'open a 3 MB session',
] as const;
type Step = (typeof STEPS)[number];

interface Bench {
  repo: string;
  folder: string;
  /** The thread made before the rounds (through the API), the one "switch thread" picks. */
  otherThread: string;
  /** The 3 MB session as the host finds it. */
  session: string;
}

async function round(page: Page, origin: string, b: Bench): Promise<Record<Step, Timing>> {
  const calls: ApiCall[] = [];
  page.on('requestfinished', (req) => {
    const url = req.url();
    if (!url.startsWith(`${origin}/api/`)) return;
    const t = req.timing();
    calls.push({ method: url.slice(`${origin}/api/rpc/`.length).split('?')[0]!, start: t.startTime, end: t.startTime + t.responseEnd });
  });
  await page.locator('.app[data-ready="true"]').waitFor();
  await page.getByLabel('Repository folder').fill(b.repo);
  const q = JSON.stringify;
  const out = {} as Record<Step, Timing>;
  out['open a repository'] = await timeIt(page, calls, `document.querySelector(${q(`.repo-bar[data-repo-root="${b.repo}"]`)}) && document.querySelector('[data-testid="file-tree"] [data-path]')`, () =>
    page.getByRole('button', { name: 'Open', exact: true }).click(),
  );
  const baseField = page.getByTestId('base-ref');
  await baseField.fill(BASE);
  out['change the base'] = await timeIt(
    page,
    calls,
    `document.querySelector('#insp-tree-label .mono')?.textContent === ${q(BASE)} && document.querySelector('[data-testid="file-tree"] [data-path]')`,
    () => baseField.press('Enter'),
  );
  out['tick a folder'] = await timeIt(page, calls, `/^1 of/.test(document.querySelector('[data-testid="selection-count"]')?.textContent ?? '')`, () =>
    page.getByLabel(`Select ${b.folder}`, { exact: true }).check(),
  );
  // Settled: the result with its first rows (a long table shows a screenful first and the rest after that paint).
  out.Inspect = await timeIt(page, calls, `document.querySelector('[data-testid="result"] [data-testid="result-row"]')`, () => page.getByTestId('inspect-button').click());
  out['open Run settings'] = await timeIt(page, calls, `document.querySelector('[data-testid="run-settings"]')`, () => page.getByTestId('run-settings-toggle').click());
  // The demo agent, whatever CLIs this machine has.
  await page.locator('[data-agent="demo"]').getByRole('radio').check();
  await page.getByTestId('run-settings-close').click();
  await page.getByTestId('run-ask').fill('List what each file exports');
  await page.locator('[data-testid="prompt-meters"][data-current="true"]').waitFor();
  out['a demo run (first output)'] = await timeIt(
    page,
    calls,
    `document.querySelector('[data-testid="run-output"] [data-ev="text"]')`,
    () => page.getByTestId('run-button').click(),
    true,
  );
  await page.locator('[data-testid="run-head"][data-run-status="succeeded"]').waitFor({ timeout: 60_000 });
  // The run's thread is the newest: X-Ray opens on it.
  out['open X-Ray'] = await timeIt(page, calls, `document.querySelector('.xray[data-ready="true"] .seg-row')`, () =>
    page.getByRole('button', { name: 'X-Ray', exact: true }).click(),
  );
  const picker = page.locator('#xray-thread');
  if ((await picker.inputValue()) === `t:${b.otherThread}`) throw new Error('X-Ray opened on the other thread, not the run just made');
  await page.locator('[data-testid="next-prompt"]:not([data-bytes=""])').waitFor();
  // The largest segment that can be evicted (the list is largest first).
  const row = page.locator('.seg-row[data-status="active"]', { has: page.getByRole('button', { name: 'Evict' }) }).first();
  const id = (await row.getAttribute('data-segment-id'))!;
  const nextBytes = (await page.getByTestId('next-prompt').getAttribute('data-bytes'))!;
  // Settled: the row says evicted and the next fresh prompt is measured without it.
  out.evict = await timeIt(
    page,
    calls,
    `document.querySelector(${q(`.seg-row[data-segment-id="${id}"][data-status="evicted"]`)}) && document.querySelector(${q(`[data-testid="next-prompt"]:not([data-bytes=""]):not([data-bytes="${nextBytes}"])`)})`,
    () => row.getByRole('button', { name: 'Evict' }).click(),
  );
  // Settled: the other thread's manifest and its next prompt's measure shown. (Choosing it clears both in the
  // change event's own render, so nothing of the thread before can satisfy this.)
  out['switch thread'] = await timeIt(
    page,
    calls,
    `document.querySelector('#xray-thread')?.value === ${q(`t:${b.otherThread}`)} && document.querySelector('.xray[data-ready="true"] .seg-row') && document.querySelector('[data-testid="next-prompt"]:not([data-bytes=""])')`,
    () => picker.selectOption(`t:${b.otherThread}`).then(() => undefined),
  );
  out['open a 3 MB session'] = await timeIt(page, calls, `document.querySelector('.xray[data-ready="true"] [data-testid="session-advisory"]') && document.querySelector('.xray .seg-row')`, () =>
    picker.selectOption(`s:${b.session}`).then(() => undefined),
  );
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;

/** Calls a contract method on the host, as the page does (with the launch token). */
async function api<T>(host: StartedHost, method: string, body: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/api/rpc/${method}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-loupe-token': host.token } });
  const json = (await res.json()) as { ok: boolean; result?: T; error?: { message: string } };
  if (!json.ok) throw new Error(`${method}: ${json.error?.message}`);
  return json.result as T;
}

/** A demo thread made through the API before the rounds: "switch thread" picks it. */
async function otherThread(host: StartedHost, repo: string, folder: string): Promise<string> {
  type Detail = { run: { id: string; threadId: string; status: string } };
  const started = await api<Detail>(host, 'runs.start', { repo, ask: OTHER_ASK, baseRef: BASE, paths: [folder], settings: { agent: 'demo' } });
  for (let i = 0; i < 600; i++) {
    const d = await api<Detail>(host, 'runs.get', { runId: started.run.id });
    if (d.run.status !== 'running') {
      if (d.run.status !== 'succeeded') throw new Error(`the other thread's run ended ${d.run.status}`);
      return d.run.threadId;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the other thread\'s run did not end');
}

/** The real 3 MB Claude Code session, as a session of `repo` in the host's own ~/.claude/projects. */
function placeSession(host: StartedHost, repo: string): string {
  const dir = join(host.userDataDir, 'home', '.claude', 'projects', repo.replace(/[^A-Za-z0-9]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, '4d5611e5-241a-462a-8d15-5122611a9569.jsonl');
  writeFileSync(file, readFileSync(SESSION, 'utf8').replaceAll('"cwd":"/home/USER/projects/spotter-worktrees/spotter-dov"', `"cwd":${JSON.stringify(repo)}`));
  return file;
}

/** Under a manifest: the transcript read whole, split and every line parsed, nothing else. */
function readTranscript(file: string): number {
  let n = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) if (line) n += Object.keys(JSON.parse(line) as object).length;
  return n;
}

/** Under a measure and Inspect: the git floor of the folder's files at the base (ls-tree, then one cat-file --batch of every blob). */
async function gitFloor(repo: string, folder: string): Promise<number> {
  const listing = spawnSync('git', ['ls-tree', '-r', '-z', '-l', BASE, '--', folder], { cwd: repo, maxBuffer: 1 << 28 });
  const oids = listing.stdout.toString('utf8').split('\0').filter(Boolean).map((rec) => rec.split(/\s+/)[2]!);
  const child = spawn('git', ['cat-file', '--batch'], { cwd: repo, stdio: ['pipe', 'pipe', 'inherit'] });
  let bytes = 0;
  child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const done = new Promise<void>((resolve) => child.on('close', () => resolve()));
  child.stdin.end(oids.map((o) => `${o}\n`).join(''));
  await done;
  return bytes;
}

async function timed(fn: () => unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const fixture = makeRepo({
  'README.md': '# Fixture\n',
  'src/app.ts': 'export const app = 1;\n',
  'src/util.ts': 'export const util = (n: number) => n * 2;\n',
  'src/lib/deep.ts': 'export const deep = true;\n',
  'docs/guide.md': '# Guide\n',
});
// A second commit, so the base can move to the one before it.
writeFiles(fixture, { 'src/app.ts': 'export const app = 2;\n' });
git(fixture, 'commit', '-q', '-am', 'second');
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
    const session = placeSession(host, repo);
    const b: Bench = { repo, folder, otherThread: await otherThread(host, repo, folder), session };
    const rounds: Record<Step, Timing>[] = [];
    const floors = { transcript: [] as number[], git: [] as number[] };
    for (let i = 0; i < ROUNDS; i++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.addInitScript(PROBE);
      await page.goto(host.url);
      rounds.push(await round(page, host.origin, b));
      await page.close();
      // The work underneath, in the same round.
      floors.transcript.push(await timed(() => readTranscript(session)));
      floors.git.push(await timed(() => gitFloor(repo, folder)));
    }
    console.log(`  ${name}`);
    console.log(`    ${'interaction'.padEnd(26)} first feedback   settled   API calls (span)    page adds`);
    for (const step of STEPS) {
      const of = (k: 'feedback' | 'settled' | 'apiSpan' | 'apiCalls') => median(rounds.map((r) => r[step][k]));
      // A result can show before every call it started has ended: the page then adds nothing.
      const adds = Math.max(0, of('settled') - of('apiSpan'));
      const ok = of('feedback') <= 100 && adds <= 100;
      if (!ok) missed++;
      console.log(
        `    ${step.padEnd(26)} ${ms(of('feedback'))}    ${ms(of('settled'))}   ${String(of('apiCalls')).padStart(2)} (${ms(of('apiSpan'))})   ${ms(adds)}  ${ok ? 'meets' : 'MISSES'}`,
      );
    }
    console.log(`    (goals: first feedback <= 100 ms, page adds <= 100 ms)`);
    // Each call the issue names against the work underneath it.
    // The median, and round 1's own figure: the first read of a session is cold (the host keeps what it parsed).
    const call = (step: Step, method: string) => median(rounds.map((r) => r[step].byMethod[method] ?? NaN));
    const first = (step: Step, method: string) => rounds[0]![step].byMethod[method] ?? NaN;
    const transcript = median(floors.transcript);
    const floor = median(floors.git);
    const ratios: [string, number, string, number, number][] = [
      ['xray.manifest of the 3 MB session', call('open a 3 MB session', 'xray.manifest'), 'reading the transcript', transcript, first('open a 3 MB session', 'xray.manifest')],
      ['xray.measure (switch thread)', call('switch thread', 'xray.measure'), `git floor of ${folder}/`, floor, first('switch thread', 'xray.measure')],
      ['xray.evict (manifest + measure)', call('evict', 'xray.evict'), `git floor of ${folder}/`, floor, first('evict', 'xray.evict')],
      ['context.inspect', call('Inspect', 'context.inspect'), `git floor of ${folder}/`, floor, first('Inspect', 'context.inspect')],
      ['runs.start (stages, then answers)', call('a demo run (first output)', 'runs.start'), `git floor of ${folder}/`, floor, first('a demo run (first output)', 'runs.start')],
    ];
    console.log(`    ${'API call'.padEnd(36)} ${'median'.padStart(8)}   ${'work underneath'.padEnd(28)} ${'median'.padStart(8)}   ratio   round 1`);
    for (const [what, t, under, u, one] of ratios) {
      const ratio = (x: number) => (Number.isNaN(x) ? 'not called' : `${(x / u).toFixed(1)}x`);
      console.log(`    ${what.padEnd(36)} ${ms(t)}   ${under.padEnd(28)} ${ms(u)}   ${ratio(t).padStart(5)}   ${ms(one)} (${ratio(one)})`);
    }
    // Every call each interaction made, for reading the misses.
    if (process.env.LOUPE_BENCH_VERBOSE) {
      for (const step of STEPS) {
        const methods = [...new Set(rounds.flatMap((r) => Object.keys(r[step].byMethod)))];
        console.log(`    ${step}: ${methods.map((m) => `${m} ${median(rounds.map((r) => r[step].byMethod[m] ?? 0)).toFixed(0)} ms`).join(', ')}`);
      }
    }
  }
} finally {
  await browser.close();
  await host.stop();
}
console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
console.log(missed ? `${missed} interaction(s) miss a goal.` : 'Every interaction meets both goals.');
