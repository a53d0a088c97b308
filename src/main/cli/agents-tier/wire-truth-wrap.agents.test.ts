// The wire tells the truth under `loupe wrap` (issue 31's matrix, its wrap axis), with the real
// claude against the scripted provider that saves every body: while a wrapped `claude -p` waits
// for an answer, the user evicts a tool result that held a secret and summarizes another in the
// wrapped session's X-Ray (`loupe xray evict|summarize --wire SESSION`). Both are part of the one
// turn in progress, which the relay never rewrites: what leaves still carries them (the secret
// redacted with `--wire-secrets redact`), and `loupe wire show --json` and `loupe xray --wire
// --json` say exactly that (skipped: active turn; nothing withheld), not what the directive meant.
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WireSessionSummary } from '../../../shared/contract/wire';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { Manifest, Segment } from '../../../shared/contract/xray';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Qw4Er7Ty0Ui3'.repeat(3)}`;
const marker = (name: string) => `WRAP-TRUTH-${name.toUpperCase()}-MARKER`;
const fileText = (name: string, secret = false) =>
  [marker(name), ...Array.from({ length: 10 }, (_, i) => `Row ${i} of the ${name} ledger: item ${i * 17} sits in drawer ${name}-${i}.`), ...(secret ? [`GITHUB_TOKEN=${SECRET}`] : []), ''].join('\n');
const SUMMARY = 'The kept ledger lists ten drawers.';

describe.skipIf(skip !== null)('the wire tells the truth under loupe wrap', () => {
  for (const secrets of ['redact', 'warn'] as const) {
    it(`claude, secrets ${secrets}: evicted and summarized in the turn in progress, what leaves and what Loupe says agree`, async () => {
      const agent = TIER_AGENTS.claude;
      const repo = makeRepo({ 'README.md': '# wrapped\n', 'ledger/secret.md': fileText('secret', true), 'ledger/kept.md': fileText('kept'), 'ledger/last.md': fileText('last') });
      const [secretPath, keptPath, lastPath] = ['secret', 'kept', 'last'].map((f) => join(repo, `ledger/${f}.md`));
      let home: ReturnType<typeof tierHome> | null = null;
      let heldAt = -1;
      let holdError: Error | null = null;
      const cli = async (args: string[]) => {
        const r = await runCliForTest(args, home!.env);
        expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
        return r;
      };
      const wireSession = async () => (JSON.parse((await cli(['wire', 'list', '--json'])).stdout) as WireSessionSummary[])[0]!.id;
      const targets: Record<'secret' | 'kept', Segment | undefined> = { secret: undefined, kept: undefined };
      /** While claude waits: the two reads are on the wire (the request before is recorded); evict one, summarize the other. */
      const directNow = async () => {
        const id = await wireSession();
        let m = JSON.parse((await cli(['xray', '--wire', id, '--json'])).stdout) as Manifest;
        for (let i = 0; i < 40 && !m.segments.some((s) => s.preview.includes(marker('kept'))); i++) {
          await new Promise((r) => setTimeout(r, 250));
          m = JSON.parse((await cli(['xray', '--wire', id, '--json'])).stdout) as Manifest;
        }
        // Its preview hides a result that holds a secret ("[result not shown …]"): found by the file it read.
        targets.secret = m.segments.find((s) => s.kind === 'tool' && (s.preview.includes(marker('secret')) || s.preview.includes('ledger/secret.md')));
        targets.kept = m.segments.find((s) => s.kind === 'tool' && s.preview.includes(marker('kept')));
        expect(targets.secret && targets.kept, JSON.stringify(m.segments.map((s) => [s.id, s.kind, s.preview.slice(0, 80)]))).toBeTruthy();
        const evicted = await cli(['xray', 'evict', '--wire', id, targets.secret!.id]);
        // Said before it matters: this turn is sent as the CLI wrote it.
        expect(evicted.stderr).toContain("not yet enforced: it is part of the CLI's turn in progress");
        await cli(['xray', 'summarize', '--wire', id, targets.kept!.id, '--summary', SUMMARY]);
      };
      const provider = await startProvider(agent.api, {
        script: {
          turns: [
            { when: (r) => r.toolResults.some((t) => t.includes(marker('last'))), reply: { text: 'The ledgers are read.' } },
            {
              // The request after the two reads' (theirs is recorded by now): the user directs, then claude reads one more.
              when: (r) => r.toolResults.some((t) => t.includes('# wrapped')),
              times: 1,
              reply: { toolCalls: [agent.readTool(lastPath!)] },
              async hold() {
                try {
                  await directNow();
                  heldAt = provider.requests.length;
                } catch (err) {
                  holdError = err as Error;
                  throw err;
                }
              },
            },
            { when: (r) => r.toolResults.some((t) => t.includes(marker('kept'))), reply: { toolCalls: [agent.readTool(join(repo, 'README.md'))] } },
            { when: /read the ledgers/i, reply: { toolCalls: [agent.readTool(secretPath!), agent.readTool(keptPath!)] } },
          ],
          otherwise: { text: 'Noted.' },
        },
      });
      try {
        home = tierHome(agent, provider.url);
        // As wire-enforce.agents.test.ts: wrap finds the user's claude on PATH; it reads /dev/null, not the worker's pipe.
        const onPath = join(home.home, 'wrap-path');
        mkdirSync(onPath);
        writeFileSync(join(onPath, 'claude'), `#!/bin/sh\nexec '${join(home.env.LOUPE_AGENT_PATH!, 'claude')}' "$@" < /dev/null\n`);
        chmodSync(join(onPath, 'claude'), 0o755);
        Object.assign(home.env, { LOUPE_AGENT_PATH: onPath, PATH: `${onPath}:${home.env.PATH}` });
        const ran = await runCliForTest(['wrap', '--repo', repo, '--wire-secrets', secrets, '--', 'claude', '--add-dir', repo, '--allowedTools', 'Read', '-p', 'Read the ledgers.'], home.env);
        // Set by the provider's hold (a closure the compiler does not follow).
        const failed = holdError as Error | null;
        if (failed) throw failed;
        expect(ran.code, ran.stderr).toBe(0);
        expect(heldAt, JSON.stringify(provider.requests.map((r) => [r.method, r.path, r.turn, r.lastInput.slice(0, 80), r.toolResults.map((t) => t.slice(0, 40))]))).toBeGreaterThan(0);
        // The held request itself was forwarded before the directives; the one after it carries the last read.
        const after = provider.requests.slice(heldAt).filter((r: RecordedRequest) => r.method === 'POST' && r.toolResults.some((t) => t.includes(marker('last'))));
        expect(after.length, JSON.stringify(provider.requests.map((r) => [r.method, r.lastInput.slice(0, 80)]))).toBeGreaterThanOrEqual(1);
        // One `claude -p` turn: everything after its ask is the turn in progress, which the relay never rewrites (the
        // model is working on it). So both stay in what leaves, and every surface says so: nothing reads "withheld".
        for (const r of after) {
          expect(r.bodyText).toContain(marker('secret'));
          expect(r.bodyText).toContain(marker('kept'));
          expect(r.bodyText).not.toContain(SUMMARY);
          if (secrets === 'redact') expect(r.bodyText).not.toContain(SECRET.slice(4, 16));
          else expect(r.bodyText).toContain(SECRET.slice(4, 16));
        }
        const id = await wireSession();
        const shown = JSON.parse((await cli(['wire', 'show', id, '--json'])).stdout) as WireSessionDetail;
        const last = shown.request!;
        expect(last.enforcement?.evictions?.skipped).toEqual(
          expect.arrayContaining([
            { id: targets.secret!.id, reason: 'active-turn' },
            { id: targets.kept!.id, reason: 'active-turn' },
          ]),
        );
        // The check found nothing withheld (in warn mode, with nothing to hold the bytes to, it records nothing).
        expect(last.enforcement?.check?.withheld ?? []).toEqual([]);
        if (secrets === 'redact') expect(last.enforcement?.check).toMatchObject({ ok: true, secretsAbsent: true });
        expect(last.segments.filter((g) => g.withheld)).toEqual([]);
        const m = JSON.parse((await cli(['xray', '--wire', id, '--json'])).stdout) as Manifest;
        expect(m.segments.find((s) => s.id === targets.secret!.id)).toMatchObject({ status: 'evicted', wire: { withheld: false } });
        expect(m.segments.find((s) => s.id === targets.kept!.id)).toMatchObject({ status: 'summarized', wire: { withheld: false } });
        expect(m.wire!.requests.every((q) => q.withheldSegments === 0)).toBe(true);
        expect(JSON.stringify([shown, m]).includes(SECRET.slice(4, 16))).toBe(false);
      } finally {
        await provider.close();
      }
    }, 300_000);
  }
});

if (skip) console.log(`wire truth (wrap) ${skip}`);
