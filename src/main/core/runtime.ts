import { parseRequest } from '../../shared/validate';
import { createRuntimeWith, type Runtime, type RuntimeOptions } from './runtime-core';
import { createServices } from './services';

export type { Runtime, RuntimeOptions } from './runtime-core';

/** The app's runtime: every method of the contract (the Electron shell, the browser host, the CLI). */
export function createRuntime(options: RuntimeOptions): Runtime {
  return createRuntimeWith(options, { create: createServices, parse: parseRequest });
}
