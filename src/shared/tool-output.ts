/** Text of a tool result given as a string or as content blocks (what CLIs' streams and transcripts both carry). */
export function toolOutputText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined || content === null ? '' : JSON.stringify(content);
  return content
    .map((b: unknown) => {
      if (typeof b !== 'object' || b === null || Array.isArray(b)) return '';
      const block = b as Record<string, unknown>;
      if (block.type === 'text') return typeof block.text === 'string' ? block.text : '';
      return `[${typeof block.type === 'string' ? block.type : 'block'}]`;
    })
    .join('\n');
}
