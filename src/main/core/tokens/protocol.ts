/** Messages between the token counter (main side) and its worker threads. */
import type { TokenEncoding } from '../../../shared/tokens/encodings';

/** Count the tokens of one piece of text. */
export interface CountJob {
  id: number;
  encoding: TokenEncoding;
  text: string;
}

/** The answer to one job: its count, or why it failed. */
export type CountReply = { id: number; count: number } | { id: number; error: string };
