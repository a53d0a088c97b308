/** Splits a repo-relative path into its folder ('' at the top) and file name. */
export function splitPath(path: string): { dir: string; name: string } {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? { dir: '', name: path } : { dir: path.slice(0, slash), name: path.slice(slash + 1) };
}

/**
 * A path as people scan it: the file name in full and strong, its folder
 * dimmed beneath (cut from the left when long, so the nearest folder stays),
 * the whole path on hover. Two files of one folder differ where their names do,
 * so the name is never cut.
 */
export function PathLabel({ path }: { path: string }) {
  const { dir, name } = splitPath(path);
  return (
    <span className="path-label" title={path}>
      <span className="path-name" data-testid="path-name">
        {name}
      </span>
      {dir && (
        <span className="path-dir" data-testid="path-dir">
          <bdi>{dir}/</bdi>
        </span>
      )}
    </span>
  );
}
