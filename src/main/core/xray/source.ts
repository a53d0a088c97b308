import type { XrayManifest, XrayTarget } from '../../../shared/contract/xray-methods';
import type { Directive, DirectiveKind, ThreadStreamEvent } from '../../../shared/contract/xray';
import type { DirectiveOwner } from '../threads/directive-store';

/**
 * One thing X-Ray shows and directs: a Loupe thread, an imported CLI session
 * or a wire session (what the model received). Every xray.* method is written once over this
 * interface; a new source is one new file that implements it and one entry
 * in xray-services.ts's list of kinds.
 */
export interface XraySource {
  /** Whose directives these are, in the one directive store (threads/directive-store.ts). */
  readonly owner: DirectiveOwner;
  /** The manifest as it is now, directives applied (a source may answer a build it kept while nothing it is built from changed). */
  manifest(signal: AbortSignal): Promise<XrayManifest>;
  /**
   * Throws (not-found, protected-segment, invalid-input) unless the segment
   * exists and may take this directive from this author.
   */
  checkDirective(segmentId: string, kind: DirectiveKind, author: Directive['author']): Promise<void>;
  /** Throws not-found unless the source has the segment (restoring a segment with no directive). */
  requireSegment(segmentId: string): Promise<void>;
  /** After a directive or report: the manifest built once, and told to whoever follows the source. */
  changed(reason: ThreadStreamEvent['reason'], signal: AbortSignal): Promise<XrayManifest>;
}

/** A kind of source: which targets it serves, and how one is opened. */
export interface XraySourceKind {
  serves(target: XrayTarget): boolean;
  /** Opens the target's source; throws not-found (or forbidden) when there is none Loupe may read. */
  open(target: XrayTarget, signal: AbortSignal): Promise<XraySource>;
}
