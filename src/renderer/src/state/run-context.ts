import { create } from 'zustand';
import type { RunInput } from '../../../shared/contract/runs';

/** What a run started now would carry: the Inspector's repository, base, selected paths and attachments. */
export interface RunContext {
  repo: string;
  baseRef: string;
  paths: string[];
  attachments: RunInput['attachments'];
}

/**
 * The Inspector's pick as app-wide state: the Inspector's store writes it (on every change of
 * its repository, base, selection or attachments); its run bar and Settings → Context read it,
 * so no feature reaches into another feature's store. Null until a repository is inspected.
 */
export const useRunContext = create<{ context: RunContext | null }>()(() => ({ context: null }));
