import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';

type RunServices = Pick<
  Services,
  'runs.agents' | 'runs.preview' | 'runs.start' | 'runs.retry' | 'runs.cancel' | 'runs.get' | 'runs.list' | 'threads.list' | 'evidence.export'
>;

const notYet = async (): Promise<never> => {
  throw new LoupeError('unsupported', 'Runs are being built.');
};

/** Runs: being built (issue 8). */
export function runServices(_deps: CoreDeps): RunServices {
  return {
    'runs.agents': notYet,
    'runs.preview': notYet,
    'runs.start': notYet,
    'runs.retry': notYet,
    'runs.cancel': notYet,
    'runs.get': notYet,
    'runs.list': notYet,
    'threads.list': notYet,
    'evidence.export': notYet,
  };
}
