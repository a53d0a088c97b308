import { basename } from 'node:path';
import type { RepoInfo } from '../../../shared/contract/repo';
import type { GitReaderPool } from './reader-pool';

/** Opens a repository: its root, HEAD and branch, through the same reader pool as every other repo call. */
export async function openRepo(pool: GitReaderPool, path: string, signal?: AbortSignal): Promise<RepoInfo> {
  return pool.use(
    path,
    async (reader) => {
      const { head, branch } = await reader.head();
      return { root: reader.root, name: basename(reader.root), head, branch };
    },
    signal,
  );
}
