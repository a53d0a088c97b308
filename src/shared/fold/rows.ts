/**
 * The rows of a conversation history as a fold sees them, and the zod schema
 * that checks rows arriving from outside (the CLI, a file, a run's transcript).
 */
import { z } from 'zod';
import { lazy } from '../contract/define';

/**
 * Flags any row may carry. `pinned` rows are never dropped by a trim. `evicted`
 * rows were removed by the user (X-Ray) and are taken out before trimming.
 * `id` is an opaque segment id so callers can pin or evict by id instead of
 * rewriting rows (see TrimOptions.pinnedIds / evictedIds).
 */
export interface RowFlags {
  id?: string;
  pinned?: boolean;
  evicted?: boolean;
}

export interface ToolCall {
  toolName: string;
  toolCallId: string;
  args?: unknown;
}

export type UserRow = RowFlags & { role: 'user'; content: string };
export type AssistantRow = RowFlags & { role: 'assistant'; text: string; toolCalls?: ToolCall[] };
export type ToolResultRow = RowFlags & { role: 'tool'; toolName: string; toolCallId: string; result: unknown };
export type ToolErrorRow = RowFlags & { role: 'tool'; toolName: string; toolCallId: string; ok: false; error: string };
export type ToolRow = ToolResultRow | ToolErrorRow;
export type FoldRow = UserRow | AssistantRow | ToolRow;

const MAX_ID = 512;

// Built on first use (a history check), not when the app starts.
const schemas = lazy(() => {
  const name = z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(MAX_ID, `is longer than ${MAX_ID} characters`);
  const flags = {
    id: name.optional(),
    pinned: z.boolean({ error: 'must be true or false' }).optional(),
    evicted: z.boolean({ error: 'must be true or false' }).optional(),
  };
  const text = z.string({ error: 'must be a string' });
  const jsonValue = z.json({ error: 'must be plain JSON (no undefined, functions or NaN)' });

  const userRow = z.object({ role: z.literal('user'), content: text, ...flags }).strict();
  const toolCall = z.object({ toolName: name, toolCallId: name, args: jsonValue.optional() }).strict();
  const assistantRow = z
    .object({ role: z.literal('assistant'), text, toolCalls: z.array(toolCall).optional(), ...flags })
    .strict();
  // One object for both tool shapes, so a bad row gets a precise message rather than "no union member matched".
  const toolRow = z
    .object({
      role: z.literal('tool'),
      toolName: name,
      toolCallId: name,
      result: jsonValue.optional(),
      ok: z.literal(false, { error: 'may only be false (a failed tool call)' }).optional(),
      error: text.optional(),
      ...flags,
    })
    .strict()
    .superRefine((row, ctx) => {
      const failed = row.ok === false || row.error !== undefined;
      if (failed && (row.ok !== false || row.error === undefined || row.result !== undefined)) {
        ctx.addIssue({ code: 'custom', message: 'a failed tool row needs ok: false and error, and no result' });
      } else if (!failed && !('result' in row)) {
        ctx.addIssue({ code: 'custom', message: 'a tool row needs a result, or ok: false with an error' });
      }
    });

  const oneRow = z.discriminatedUnion('role', [userRow, assistantRow, toolRow], {
    error: 'must be a row with role "user", "assistant" or "tool"',
  }) as unknown as z.ZodType<FoldRow>;

  return { row: oneRow, rows: z.array(oneRow, { error: 'must be an array of rows' }) };
});

/** One history row: user, assistant (optionally with tool calls), tool result or tool error. */
export const foldRowSchema = (): z.ZodType<FoldRow> => schemas().row;
export const foldRowsSchema = () => schemas().rows;

/** True for a tool row that reports a failure. */
export function isToolError(row: ToolRow): row is ToolErrorRow {
  return 'ok' in row;
}
