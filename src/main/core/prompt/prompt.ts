import { createHash } from 'node:crypto';
import type { PromptSection } from '../../../shared/contract/runs';
import { oneLine } from '../../../shared/line-safe';

/** Loupe's own notes for the agent: how to read the context it was given. */
export const LOUPE_NOTES = [
  '# Notes from Loupe',
  'Loupe prepared this task. Reference files are listed by location under "Reference files"; their contents are not',
  'included here: read the ones you need. They are copies staged for this run (recognised secrets hidden as',
  '[redacted …]); the repository itself is your working directory.',
].join('\n');

/** A reference file as the prompt names it: where the agent finds it, and where it came from (a staged file). */
export interface PromptReference {
  location: string;
  source: 'working-copy' | 'base' | 'attachment';
}

export interface PromptParts {
  runtime: { repo: string; branch: string | null; baseRef: string; baseCommit: string };
  notes?: string;
  memory?: readonly string[];
  references: readonly PromptReference[];
  /** The thread's history as text, when the CLI does not resume its own session. */
  history?: string;
  ask: string;
}

export interface AssembledPrompt {
  text: string;
  sections: PromptSection[];
  /**
   * The first characters of each section that is not conversation (not the
   * history, not the ask), unredacted: only for section-previews.ts, which
   * redacts them and keeps 200 characters. Never stored or sent as they are.
   */
  heads: Partial<Record<PromptSection['name'], string>>;
}

/** Characters of a section read for its preview: enough that a secret starting in the first 200 is whole (PEM keys included). */
export const PREVIEW_SOURCE_CHARS = 8192;
const CONVERSATION_SECTIONS: ReadonlySet<PromptSection['name']> = new Set(['history', 'ask']);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function referencesText(files: readonly PromptReference[]): string {
  const lines = ['## Reference files'];
  if (files.length === 0) lines.push('(none)');
  // Staging leaves out names with control characters; oneLine keeps any that slip through on their line.
  for (const f of files) lines.push(`- ${oneLine(f.location)}`);
  const from = files.filter((f) => f.source !== 'attachment').length;
  if (files.length) {
    lines.push('', `${from} from the repository, ${files.length - from} attached. Sources and hashes are in manifest.json beside them.`);
  }
  return lines.join('\n');
}

/**
 * The prompt in labelled sections, in a fixed order: Loupe's notes, the run's
 * runtime context, notes from the settings, selected memory, reference file
 * LOCATIONS (never contents), the history when not resuming, and the ask.
 * Each section is kept with its size and hash (for evidence and X-Ray).
 */
export function assemblePrompt(parts: PromptParts): AssembledPrompt {
  const { runtime } = parts;
  const chunks: { name: PromptSection['name']; text: string }[] = [
    { name: 'loupe-notes', text: LOUPE_NOTES },
    {
      name: 'runtime',
      text: [
        '## Runtime context',
        // Names from the repository or the request, each kept on its own line (no forged sections).
        `Repository: ${oneLine(runtime.repo)}`,
        `Branch: ${runtime.branch === null ? '(detached HEAD)' : oneLine(runtime.branch)}`,
        `Base: ${oneLine(runtime.baseRef)} (${oneLine(runtime.baseCommit)})`,
      ].join('\n'),
    },
  ];
  if (parts.notes?.trim()) chunks.push({ name: 'notes', text: `## Notes for this task\n${parts.notes.trim()}` });
  const memory = (parts.memory ?? []).map((m) => m.trim()).filter(Boolean);
  if (memory.length) chunks.push({ name: 'memory', text: `## Memory\n${memory.map((m) => `- ${m}`).join('\n')}` });
  chunks.push({ name: 'references', text: referencesText(parts.references) });
  if (parts.history?.trim()) chunks.push({ name: 'history', text: `## Conversation so far\n${parts.history.trim()}` });
  chunks.push({ name: 'ask', text: `## Task\n${parts.ask.trim()}` });
  // Each section owns its trailing blank line, so the sections' bytes add up to the prompt's.
  const texts = chunks.map((c, i) => `${c.text}\n${i < chunks.length - 1 ? '\n' : ''}`);
  const heads: AssembledPrompt['heads'] = {};
  for (const c of chunks) if (!CONVERSATION_SECTIONS.has(c.name)) heads[c.name] = c.text.slice(0, PREVIEW_SOURCE_CHARS);
  return {
    text: texts.join(''),
    sections: chunks.map((c, i) => ({ name: c.name, bytes: Buffer.byteLength(texts[i]!, 'utf8'), sha256: sha256(texts[i]!) })),
    heads,
  };
}

/** The section for a schema that travels in stdin after the prompt (CLIs without a schema flag). */
export function schemaSection(stdin: string, prompt: string): PromptSection | null {
  if (stdin === prompt || !stdin.startsWith(prompt)) return null;
  const rest = stdin.slice(prompt.length);
  return { name: 'schema', bytes: Buffer.byteLength(rest, 'utf8'), sha256: sha256(rest) };
}
