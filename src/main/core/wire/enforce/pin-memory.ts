/**
 * What the relay saw of each directive owner's conversation (a run's thread
 * across its resumed CLI sessions, or a wrapped session), kept in this
 * process's memory only so a pinned segment the CLI's compaction drops can be
 * put back (./pins.ts). Prompt bodies never go to disk (the wire store keeps
 * hashes, counts and redacted previews): when Loupe restarts this is empty,
 * and the pin stage says the content is no longer available instead of
 * pretending.
 */
import type { WireSegmentKind } from '../../../../shared/contract/wire';

/** A segment's content as the CLI sent it, and what the label says of it. */
export interface RememberedSegment {
  kind: WireSegmentKind;
  /** The tool and its file ("Read /repo/a.ts"), or the CLI's label of the part. */
  label?: string;
  text: string;
  /** The segment's bytes as the CLI sent it. */
  bytes: number;
}

/** One owner's memory: the last two main requests' segments (a sub-agent's request may come between), pinned ones kept apart. */
class OwnerMemory {
  latest = new Map<string, RememberedSegment>();
  before = new Map<string, RememberedSegment>();
  /** Pinned segments' content, kept while the pin stays (the CLI may never send them again). */
  readonly kept = new Map<string, RememberedSegment>();
  /** Pinned segments the CLI dropped and Loupe puts back into each main request that lacks them. */
  readonly restoring = new Set<string>();
  chars = 0;

  content(id: string): RememberedSegment | undefined {
    return this.kept.get(id) ?? this.latest.get(id) ?? this.before.get(id);
  }

  /** This main request's segments become the latest; pinned ones are kept; unpinned ones are forgotten. */
  remember(segments: ReadonlyMap<string, RememberedSegment>, pinned: ReadonlySet<string>): void {
    this.before = this.latest;
    this.latest = new Map(segments);
    for (const id of [...this.kept.keys(), ...this.restoring]) {
      if (pinned.has(id)) continue;
      this.kept.delete(id);
      this.restoring.delete(id);
    }
    // A pin set after the last request that carried the segment finds it in the request before this one.
    for (const id of pinned) {
      const seen = this.latest.get(id) ?? this.before.get(id);
      if (seen) this.kept.set(id, seen);
    }
    const size = (m: ReadonlyMap<string, RememberedSegment>) => [...m.values()].reduce((n, s) => n + s.text.length, 0);
    this.chars = size(this.latest) + size(this.before) + size(this.kept);
  }
}

/** A bound on what is held (the texts are the CLI's, already in memory while a request is parsed). */
const MAX_CHARS = 32 * 1024 * 1024;

/** Owners' memories, the least recently used forgotten first once they hold more than MAX_CHARS. */
export class PinMemory {
  private readonly owners = new Map<string, OwnerMemory>();
  constructor(private readonly maxChars = MAX_CHARS) {}

  /** The memory of `owner` ("thread:<id>", "wire:<id>"), made the most recently used. */
  owner(key: string): OwnerMemory {
    const found = this.owners.get(key) ?? new OwnerMemory();
    this.owners.delete(key);
    this.owners.set(key, found);
    return found;
  }

  /** Forgets the least recently used owners until the others fit (the current one always stays). */
  trim(): void {
    let total = [...this.owners.values()].reduce((n, o) => n + o.chars, 0);
    for (const [key, o] of this.owners) {
      if (total <= this.maxChars || this.owners.size === 1) break;
      total -= o.chars;
      this.owners.delete(key);
    }
  }
}

/** The process's one memory: a Loupe restart starts it empty, which the pin stage says. */
export const pinMemory = new PinMemory();
