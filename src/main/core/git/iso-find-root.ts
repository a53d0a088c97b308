// isomorphic-git's findRoot over regular files only, for hosts with no git binary.
// A module of its own so that the built bundle loads isomorphic-git with require():
// a dynamic import() of the CommonJS package made Node pre-parse all of it for its
// ESM exports first (~200 ms of cjs-module-lexer on every `LOUPE_GIT=none` start).
import iso from 'isomorphic-git';
import { regularFilesFs } from './regular-files-fs';

/** The working tree's top folder above `filepath` as isomorphic-git finds it; rejects when there is none. */
export function findRootWithoutGit(filepath: string): Promise<string> {
  return iso.findRoot({ fs: regularFilesFs, filepath });
}
