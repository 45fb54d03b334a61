import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * The two calls the shell makes into the Module Federation runtime, in one module so the
 * single-bundle build of the benchmarks (tools/webpack/single-bundle.config.cjs) can put the
 * remotes' code in place of the runtime and measure what run-time composition costs.
 */
export const registerManifests = (list: Array<{ name: string; entry: string }>, force: boolean): void =>
  registerRemotes(list, { force });

export const loadExposed = <T>(id: string): Promise<T | null> => loadRemote<T>(id);
