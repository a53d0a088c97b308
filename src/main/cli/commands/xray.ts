import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { fromWire, relayWithholds } from '../../../shared/xray/wire-reach';
import { formatManifest } from './xray-format';
import type { SegmentEviction } from '../../../shared/contract/xray';
import { evictionPriceText } from '../../../shared/cost/eviction-price';

const ACTIONS = ['pin', 'evict', 'restore', 'summarize'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * `loupe xray THREAD [--json]` prints a thread's manifest; `loupe xray
 * pin|evict|restore|summarize THREAD SEGMENT` sets or undoes a directive;
 * `--wire` names a wire session instead of a thread (a CLI run with `loupe
 * wrap`); `loupe xray --session FILE` prints a CLI transcript's manifest;
 * `loupe xray --preview [--repo DIR]` a new thread's context.
 */
export const run: CommandRun = async (args, io) => {
  // A CLI transcript's manifest is the sessions module's (`loupe xray --session FILE`).
  if (args.some((a) => a === '--session' || a.startsWith('--session='))) return (await import('./xray-session')).run(args, io);
  // A new thread's context, before any run (`loupe xray --preview [--repo DIR]`).
  if (args.includes('--preview')) return (await import('./xray-preview')).run(args, io);
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean', default: false }, summary: { type: 'string' }, wire: { type: 'boolean', default: false }, now: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  const [first, ...rest] = positionals;
  if (!first) throw new UsageError('name a thread: loupe xray THREAD_ID.');
  // The whole runtime loads here, not with this module: `--session` and `--preview` build their own.
  const { withRuntime } = await import('../with-runtime');
  const action = (ACTIONS as readonly string[]).includes(first) ? (first as Action) : null;
  return withRuntime(io, async (runtime, signal) => {
    let manifest;
    if (!action) {
      if (rest.length) throw new UsageError(`unexpected "${rest[0]}" after the thread id.`);
      manifest = await runtime.call('xray.manifest', values.wire ? { wireSession: first } : { threadId: first }, { signal });
    } else {
      const [owner, segmentId, extra] = rest;
      if (!owner || !segmentId || extra) throw new UsageError(`loupe xray ${action} [--wire] [--now] THREAD_ID SEGMENT_ID${action === 'summarize' ? ' --summary TEXT' : ''}.`);
      if (values.now && action !== 'evict' && action !== 'summarize') throw new UsageError('--now goes with evict or summarize: it applies the eviction on the next request instead of at a cheap moment.');
      const target = values.wire ? { wireSession: owner } : { threadId: owner };
      const now = values.now ? { now: true } : {};
      if (action === 'summarize') {
        if (!values.summary) throw new UsageError('summarize needs --summary TEXT (what stands in for the segment).');
        manifest = await runtime.call('xray.summarize', { ...target, ...now, segmentId, summary: values.summary }, { signal });
      } else if (action === 'evict') {
        manifest = await runtime.call('xray.evict', { ...target, ...now, segmentId }, { signal });
      } else {
        manifest = await runtime.call(`xray.${action}`, { ...target, segmentId }, { signal });
      }
      const seg = manifest.segments.find((s) => s.id === segmentId);
      if (!values.json) {
        const onWire = relayWithholds(manifest, segmentId);
        // A thread's segment the CLI sent in another form than Loupe's transcript holds (codex's tool calls): the wire's id only.
        const wireOnly = manifest.source === 'thread' && seg !== undefined && fromWire(seg) && action !== 'pin' && action !== 'restore';
        // A wire session's segment in the turn the CLI is on (its latest ask and after): the relay leaves that turn as sent.
        const index = manifest.segments.findIndex((s) => s.id === segmentId);
        const ask = manifest.source === 'wire' ? manifest.segments.findLastIndex((s) => s.kind === 'user' && s.label === undefined) : -1;
        const inTurn = ask >= 0 && index >= ask && (action === 'evict' || action === 'summarize');
        const note = inTurn ? IN_TURN_NOTE : (seg?.eviction && (action === 'evict' || action === 'summarize') ? timingNote(seg.eviction) : null) ?? directiveNote(action, manifest.enforceable, onWire);
        io.stderr(`${segmentId}: ${seg?.status ?? 'unknown'}${note}${wireOnly ? WIRE_ONLY_NOTE : ''}\n`);
      }
    }
    io.stdout(values.json ? `${JSON.stringify(manifest, null, 2)}\n` : formatManifest(manifest));
    return EXIT_OK;
  });
};

/** When the relay withholds an eviction on the wire (issue 37), and what it costs: said before it applies. */
function timingNote(e: SegmentEviction): string | null {
  const price = e.price ? `: ${evictionPriceText(e.price)}` : '';
  if (e.state === 'next') return ` (enforced: Loupe's relay withholds it from the CLI's next request; the provider's prompt cache is invalidated from that point${price})`;
  if (e.state === 'pending') return ` (${e.note ?? 'pending'}${price}; --now applies it on the CLI's next request)`;
  if (e.state === 'applied') return ` (withheld since request ${e.applied?.seq ?? '?'}; every later request withholds it)`;
  return null;
}

/** Said before it matters: the relay never rewrites the turn in progress. */
const IN_TURN_NOTE =
  " (not yet enforced: it is part of the CLI's turn in progress, which Loupe's relay sends as the CLI wrote it; it is withheld from the requests of the CLI's next turn, after its next ask)";

/** Said before it matters: the fresh-session history Loupe assembles is its transcript, where this content has another id. */
const WIRE_ONLY_NOTE =
  "; this segment is the CLI's own form of it on the wire: a fresh session's history, assembled from Loupe's transcript, carries the transcript's copy (direct that one too)";

/**
 * What a directive does from here: enforced on the wire (and what that costs), by Loupe's next prompt, or intent.
 * `onWire`: the relay withholds it (shared/xray/wire-reach.ts: on the wire, or a thread's last reply, in no request
 * yet, which the relay withholds from the next one that carries it).
 */
function directiveNote(action: Action, enforceable: boolean, onWire: boolean): string {
  if (onWire) {
    if (action === 'restore') return ' (sent again on the CLI\'s next request)';
    return action === 'pin' ? '' : " (enforced: Loupe's relay withholds it from the CLI's next request; the provider's prompt cache is invalidated from that point)";
  }
  return enforceable ? '' : ' (intent: the next turn resumes the CLI session; continue as a fresh session to apply it)';
}
