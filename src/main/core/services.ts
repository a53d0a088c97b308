import { isMethodName, type MethodName, type ResponseOf, type Services } from '../../shared/api';
import { LoupeError } from '../../shared/errors';
import { parseRequest } from '../../shared/validate';
import { appServices } from './app/app-services';
import { modelServices } from './catalog/model-services';
import type { CoreDeps } from './deps';
import { contextServices } from './inspect/context-services';

/** The whole service table; each feature contributes its slice. */
export function createServices(deps: CoreDeps): Services {
  return {
    ...appServices(deps),
    ...contextServices(deps),
    ...modelServices(deps),
  };
}

/**
 * The single entry point every transport uses: checks the method name,
 * validates the input against the contract, runs the service.
 */
export async function dispatch(services: Services, name: string, input: unknown): Promise<ResponseOf<MethodName>> {
  if (!isMethodName(name)) throw new LoupeError('unknown-method', `There is no method called "${name}".`);
  const request = parseRequest(name, input);
  const fn = services[name] as (req: unknown) => Promise<ResponseOf<MethodName>>;
  return fn(request);
}
