/**
 * The selected run's output as the view draws it, apart from the runs store:
 * it changes many times a second while an agent prints, and nothing of it is
 * kept across a reload (the run is loaded again), so its updates never touch
 * sessionStorage or the components that read the rest of the runs state.
 */
import { create } from 'zustand';
import type { EventItem } from './event-log';

export interface RunOutputState {
  items: EventItem[];
  /** Items dropped from the front to keep the view bounded. */
  dropped: number;
  /** Events of the run that the record did not keep (past its bound) and this page never saw. */
  unrecorded: number;
  /** Output that neither the host nor the record kept while this page was away. */
  lost: boolean;
}

export const EMPTY_OUTPUT: RunOutputState = { items: [], dropped: 0, unrecorded: 0, lost: false };

export const useRunOutput = create<RunOutputState>()(() => EMPTY_OUTPUT);
