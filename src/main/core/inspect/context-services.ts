import type { Services } from '../../../shared/api';
import type { CoreDeps } from '../deps';
import { GitReaderPool } from '../git/open-reader';
import { inspectContext } from './inspect';
import { listDir } from './list-dir';

type ContextServices = Pick<Services, 'context.inspect' | 'repo.refs' | 'repo.listDir'>;

/**
 * The inspector's services. Git access goes through one pool of readers (git
 * CLI where deps.git.available, isomorphic-git otherwise), closed with the runtime.
 */
export function contextServices(deps: CoreDeps): ContextServices {
  const pool = new GitReaderPool(deps.git);
  deps.onClose?.(() => pool.closeAll());
  return {
    'context.inspect': (request) =>
      pool.use(request.repo, (reader) =>
        inspectContext(reader, request, {
          onProgress: (done, total, label) => deps.emit('task.progress', { task: 'inspect', done, total, label }),
        }),
      ),
    'repo.refs': ({ repo }) => pool.use(repo, (reader) => reader.refs()),
    'repo.listDir': ({ repo, baseRef, dir }) => pool.use(repo, (reader) => listDir(reader, { baseRef, dir })),
  };
}
