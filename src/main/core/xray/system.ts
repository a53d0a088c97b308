import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { approxTokens, type AgentId, type PresetRef, type PromptSection } from '../../../shared/contract/runs';
import { INSTRUCTION_FILES, type GovernanceTier, type Provenance, type SystemSection } from '../../../shared/contract/xray';
import { INSPECT_LIMITS } from '../../../shared/contract/limits';
import { sectionTier } from '../../../shared/xray/prompt-meter';
import { WorkingCopy } from '../inspect/working-copy';
import { clipPreview } from '../prompt/section-previews';
import { PREVIEW_SOURCE_CHARS } from '../prompt/prompt';
import { isCredentialPath, redactSecrets } from '../secrets';

/** Who governs each of Loupe's prompt sections, and how X-Ray names it. */
function describe(name: PromptSection['name'], preset: PresetRef | null): { title: string; provenance: Provenance; tier: GovernanceTier; preset?: PresetRef } | null {
  // The tier is the meter's rule (sectionTier); the title and provenance are X-Ray's words for it.
  const tier = sectionTier(name, preset !== null);
  const named = describeSection(name, preset);
  return tier && named ? { ...named, tier } : null;
}

function describeSection(name: PromptSection['name'], preset: PresetRef | null): { title: string; provenance: Provenance; preset?: PresetRef } | null {
  switch (name) {
    case 'loupe-notes':
      return { title: 'Loupe’s notes for the agent', provenance: 'framework-core' };
    case 'runtime':
      return { title: 'Runtime context: repository, branch, base commit', provenance: 'runtime-context' };
    case 'notes':
      return preset
        ? { title: `Notes from preset “${preset.name}” (revision ${preset.revision})`, provenance: 'template', preset }
        : { title: 'Your notes for this task', provenance: 'personal' };
    case 'memory':
      return { title: 'Selected memory', provenance: 'memory' };
    case 'references':
      return { title: 'Reference file locations (you chose them; the agent reads them itself)', provenance: 'runtime-context' };
    case 'schema':
      return { title: 'Output schema', provenance: 'personal' };
    default:
      // History and the ask are conversation: X-Ray shows them as segments.
      return null;
  }
}

/** Loupe's own prompt sections, as a step recorded them (sizes, hashes, redacted previews). */
export function promptSections(sections: readonly PromptSection[], preset: PresetRef | null): SystemSection[] {
  const out: SystemSection[] = [];
  for (const s of sections) {
    const d = describe(s.name, preset);
    if (!d) continue;
    out.push({
      id: `system-${s.name}`,
      ...d,
      sha256: s.sha256,
      bytes: s.bytes,
      tokens: { tokens: approxTokens(s.bytes), kind: 'estimate' },
      preview: s.preview ?? '',
      loadedBy: 'loupe',
      ...(s.preview === undefined ? { note: 'No preview was recorded for this step (it ran before X-Ray kept them).' } : {}),
    });
  }
  return out;
}

const CLI_NOTE = 'Loaded by the CLI itself from the repository; Loupe does not send it and cannot change it here.';

/**
 * The instruction files `agent`'s CLI loads by itself from the repository
 * root (CLAUDE.md, AGENTS.md, GEMINI.md): read from the working copy as the
 * CLI would find them, never through a symlink, never a credential path;
 * previews redacted. Missing files are left out.
 */
export async function instructionFiles(root: string, agent: AgentId): Promise<SystemSection[]> {
  const wc = new WorkingCopy(root);
  const out: SystemSection[] = [];
  for (const rel of INSTRUCTION_FILES[agent]) {
    if (isCredentialPath(rel)) continue;
    const base = { id: `instructions-${rel}`, title: rel, provenance: 'organization' as const, tier: 'inherited' as const, loadedBy: 'cli' as const };
    const probe = await wc.probe(rel);
    if (probe.kind === 'missing' || probe.kind === 'dir') continue;
    if (probe.kind !== 'file') {
      const what = probe.kind === 'symlink' ? 'a symbolic link (the CLI may follow it; Loupe does not)' : 'not a regular file';
      out.push({ ...base, sha256: null, tokens: null, bytes: null, preview: '', note: `${CLI_NOTE} It is ${what}, so its size is unknown.` });
      continue;
    }
    const read = await wc.read(rel, INSPECT_LIMITS.maxFileBytes);
    if (read.kind !== 'bytes') {
      const why =
        read.kind === 'too-large'
          ? `over ${INSPECT_LIMITS.maxFileBytes.toLocaleString('en-US')} bytes`
          : read.kind === 'diverted'
            ? 'a folder on its path is a symbolic link'
            : 'unreadable';
      out.push({ ...base, sha256: null, tokens: null, bytes: read.kind === 'too-large' ? read.size : null, preview: '', note: `${CLI_NOTE} Not read: ${why}.` });
      continue;
    }
    const text = read.bytes.toString('utf8');
    const redacted = await redactSecrets(text.slice(0, PREVIEW_SOURCE_CHARS));
    out.push({
      ...base,
      sha256: createHash('sha256').update(read.bytes).digest('hex'),
      bytes: read.bytes.length,
      tokens: { tokens: approxTokens(read.bytes.length), kind: 'estimate' },
      preview: clipPreview(redacted.text),
      note: CLI_NOTE,
    });
  }
  return out;
}

/**
 * What the instruction files of `agent` in `root` are now, cheaply: each
 * one's type, size, change time and inode as lstat sees them (no file is read).
 * Equal stamps mean instructionFiles would answer the same.
 */
export async function instructionFilesStamp(root: string, agent: AgentId): Promise<string> {
  const parts = await Promise.all(
    INSTRUCTION_FILES[agent].map(async (rel) => {
      const s = await lstat(join(root, rel)).catch(() => null);
      return s ? `${rel}:${s.mode}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}` : `${rel}:-`;
    }),
  );
  return parts.join('|');
}

/** The tools the CLI announced when its session began: names only, their definitions' size unknown. */
export function toolsSection(tools: readonly string[] | null): SystemSection | null {
  if (!tools?.length) return null;
  return {
    id: 'tools',
    title: `Tools the CLI announced (${tools.length})`,
    provenance: 'tools',
    tier: 'inherited',
    sha256: createHash('sha256').update(tools.join('\n')).digest('hex'),
    tokens: null,
    bytes: null,
    preview: clipPreview(tools.join(', ')),
    loadedBy: 'cli',
    note: 'Names only: the CLI does not say how large their definitions are, so they are not in the system total.',
  };
}
