import type { ErrorCode } from '../../shared/errors';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_USAGE } from './command';

/** Error codes that mean the request itself was wrong: exit 2, like a usage error. */
const INPUT_ERRORS: ReadonlySet<ErrorCode> = new Set([
  'invalid-input',
  'unknown-method',
  'too-many-selections',
  'bad-ref',
  'not-a-repo',
  'not-found',
  'not-a-directory',
  'conflict',
  'protected-segment',
]);

/** The one mapping from an error code to the process exit code. */
export function exitCodeFor(code: ErrorCode): number {
  if (INPUT_ERRORS.has(code)) return EXIT_USAGE;
  if (code === 'cancelled') return EXIT_INTERRUPTED;
  return EXIT_FAILURE;
}
