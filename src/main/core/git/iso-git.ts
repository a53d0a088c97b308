// isomorphic-git, for what the embedded reader still asks of it: ignore rules, the
// current branch, the lists of branches and tags. A module of its own, imported with
// import() where it is needed, so that the built bundle loads the CommonJS package with
// require() (an import() of the package itself made Node pre-parse all of it for its
// ESM exports: ~200 ms), and only then: an inspection of a clean working copy never does.
import git from 'isomorphic-git';

export default git;
