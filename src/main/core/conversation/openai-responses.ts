/**
 * The OpenAI Responses vocabulary Loupe reads the same from a Codex rollout and from a
 * request on the wire: injected context parts, developer sections, content parts, tool
 * outputs and tool call items.
 */
import type { Provenance } from '../../../shared/contract/xray';
import { obj, str } from './fields';

/** Injected user-role context: `<environment_context>`, AGENTS.md. */
export function injectedSection(text: string): { title: string; provenance: Provenance } | null {
  const t = text.trimStart();
  if (t.startsWith('<environment_context>')) return { title: 'Environment context', provenance: 'runtime-context' };
  if (t.startsWith('# AGENTS.md instructions') || t.startsWith('<user_instructions>')) return { title: 'AGENTS.md instructions', provenance: 'memory' };
  return null;
}

/** A developer-message part as a system section, titled by its leading tag. */
export function developerSection(text: string): { title: string; provenance: Provenance } {
  const t = text.trimStart();
  if (t.startsWith('You are Codex') || t.startsWith('You are a coding agent')) return { title: 'Base instructions', provenance: 'framework-core' };
  const tag = /^<([A-Za-z_][\w -]{0,60})>/.exec(t)?.[1];
  if (!tag) return { title: 'Developer instructions', provenance: 'runtime-context' };
  return { title: tag.replaceAll('_', ' '), provenance: /skill|tool|plugin|app/i.test(tag) ? 'tools' : 'runtime-context' };
}

/** Text of a message's content parts (input_text / output_text / text). */
export function partsText(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.map((c) => str(obj(c).text) ?? (obj(c).type === 'input_image' ? '[image]' : '')).filter((t) => t !== '');
}

/** A tool output (string, input_text parts, or an object) as text. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) return partsText(output).join('\n');
  const o = obj(output);
  if (typeof o.text === 'string') return o.text;
  if (typeof o.content === 'string') return o.content;
  return output === undefined || output === null ? '' : JSON.stringify(output);
}

/**
 * A Responses-API tool call item's name and input (a function call's JSON arguments parsed
 * where they parse), read the same from a rollout line and from a request on the wire.
 */
export function toolCallOf(p: Record<string, unknown>, kind: string): { name: string; input: unknown } {
  const raw = p.arguments ?? p.input ?? p.action ?? null;
  let input: unknown = raw;
  if (typeof raw === 'string' && kind === 'function_call') {
    try {
      input = JSON.parse(raw);
    } catch {
      input = raw;
    }
  }
  const name = str(p.name) ?? (kind === 'local_shell_call' ? 'local_shell' : kind === 'tool_search_call' ? 'tool_search' : 'unknown');
  return { name, input };
}
