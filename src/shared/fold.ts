/**
 * Fold budget (DESIGN.md capability 3): the math that sizes a model's window
 * and the trim that fits a history into it. Pure: no node:, DOM or electron.
 * The pieces live in ./fold/; this file is the one import callers use.
 */
export {
  DEFAULT_WINDOW_TOKENS,
  MIN_RESERVE_TOKENS,
  effectiveWindow,
  estimateTokens,
  foldBudgetTokens,
  isValidWindow,
  MAX_RESERVE_SHARE,
  reserveCapped,
  reserveTokens,
  utf8ByteLength,
} from './fold/budget';
export { protectedRows, repairToolPairs, type RepairResult } from './fold/pairing';
export {
  foldInputSchema,
  foldRowSchema,
  foldRowsSchema,
  isToolError,
  type AssistantRow,
  type FoldInput,
  type FoldRow,
  type RowFlags,
  type ToolCall,
  type ToolErrorRow,
  type ToolResultRow,
  type ToolRow,
  type UserRow,
} from './fold/rows';
export { HistoryError, readHistory, type HistoryShape, type ReadHistory } from './fold/message-shapes';
export { MAX_FOLD_BYTES, MAX_FOLD_ROWS, trimToBudget, type FoldCount, type TrimOptions, type TrimResult } from './fold/trim';
