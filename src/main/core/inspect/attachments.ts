import type { AttachmentResult, Omission } from '../../../shared/contract/context';
import { isCredentialPath } from '../secrets/credential-paths';
import { approxTokens } from '../../../shared/contract/run-limits';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tif', 'tiff', 'ico', 'heic', 'heif', 'avif']);

const TEXT_EXTENSIONS = new Set(
  (
    'txt md markdown mdx rst adoc org tex csv tsv json jsonl ndjson yaml yml toml ini cfg conf properties xml html htm ' +
    'css scss sass less svg js mjs cjs jsx ts mts cts tsx vue svelte astro py pyi rb php pl pm lua r jl go rs java kt kts ' +
    'scala groovy gradle c h cc cpp cxx hpp hh m mm swift cs fs fsx vb dart ex exs erl hrl hs ml mli clj cljs edn elm ' +
    'sh bash zsh fish ps1 bat cmd sql graphql gql proto thrift tf hcl nix dockerfile make mk cmake log diff patch ' +
    'ipynb lock env.example gitignore gitattributes editorconfig'
  ).split(' '),
);

/** Names without a telling extension that are text all the same. */
const TEXT_NAMES = new Set(['dockerfile', 'makefile', 'gemfile', 'rakefile', 'procfile', 'readme', 'license', 'copying', 'changelog', 'authors', 'notice', 'justfile']);

/** The last segment of a name that may carry a folder (either separator). */
function baseName(name: string): string {
  return name.replace(/\\/g, '/').split('/').filter(Boolean).at(-1) ?? name;
}

/** 'text', 'image' or 'binary' from an attachment's name alone (its bytes are never read). */
export function attachmentKind(name: string): AttachmentResult['kind'] {
  const base = baseName(name).toLowerCase();
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1) : '';
  if (IMAGE_EXTENSIONS.has(ext)) return 'image';
  if (TEXT_EXTENSIONS.has(ext) || TEXT_NAMES.has(dot > 0 ? base.slice(0, dot) : base)) return 'text';
  return 'binary';
}

/**
 * Attachments are metadata only (name and size as given). Text-like names
 * estimate ceil(size / 4) tokens; images and other binaries report null;
 * credential-looking names are rejected as omissions with the given size.
 */
export function inspectAttachments(list: readonly { name: string; size: number }[]): {
  attachments: AttachmentResult[];
  omissions: Omission[];
} {
  const attachments: AttachmentResult[] = [];
  const omissions: Omission[] = [];
  for (const { name, size } of list) {
    if (isCredentialPath(name)) {
      omissions.push({ path: name, reason: 'credential', bytes: size });
      continue;
    }
    const kind = attachmentKind(name);
    attachments.push({ name, size, kind, approxTokens: kind === 'text' ? approxTokens(size) : null });
  }
  return { attachments, omissions };
}
