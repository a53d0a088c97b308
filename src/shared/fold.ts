/**
 * Fold budget (docs/ARCHITECTURE.md capability 3): the math that sizes a model's window
 * and the trim that fits a history into it. Pure: no node:, DOM or electron.
 * The pieces live in ./fold/; this file is the one import callers use.
 */
export {
  DEFAULT_WINDOW_TOKENS,
  estimateTokens,
  foldBudgetTokens,
  isValidWindow,
  reserveLeavesNoHistory,
  reserveTokens,
  utf8ByteLength,
} from './fold/budget';
export { isToolError, type FoldRow } from './fold/rows';
export { HistoryError, readHistory, type ReadHistory } from './fold/message-shapes';
export { trimToBudget, type FoldCount, type TrimOptions, type TrimResult } from './fold/trim';
