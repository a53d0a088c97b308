import type { Services } from '../../../shared/api';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';

type ContextServices = Pick<Services, 'context.inspect' | 'repo.refs' | 'repo.listDir'>;

// PLACEHOLDER: replaced by the inspector implementation (issue 3).
export function contextServices(_deps: CoreDeps): ContextServices {
  const notYet = async (): Promise<never> => {
    throw new LoupeError('unsupported', 'The inspector is not built yet.');
  };
  return { 'context.inspect': notYet, 'repo.refs': notYet, 'repo.listDir': notYet };
}
