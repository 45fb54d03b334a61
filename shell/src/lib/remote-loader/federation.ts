import { preloadHydrationScripts } from '../server-render';
import {
  type ModuleFederationRuntimePlugin,
  loadRemote,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';

/**
 * A server-rendered page carries its stylesheets inline, each named by its file (`data-href`, ADR
 * 0017): the runtime does not fetch those files again when it loads the module that imports them.
 * File names carry their content's hash, so a name names one content.
 */
export const skipInlinedStyles = (
  page = (): Document | undefined => (typeof document === 'undefined' ? undefined : document),
): ModuleFederationRuntimePlugin => ({
  name: 'shop-inlined-styles',
  beforePreloadRemote(args) {
    const styles = page()?.querySelectorAll('style[data-href]') ?? [];
    const inlined = new Set(Array.from(styles, (style) => style.getAttribute('data-href')));
    if (inlined.size === 0) return;
    // The runtime reads the operations back after this hook: a filter set here applies.
    for (const op of args.preloadOps) {
      const previous = op.filter;
      op.filter = (url: string) =>
        !inlined.has(url.slice(url.lastIndexOf('/') + 1)) && (previous ? previous(url) : true);
    }
  },
});

let pluginsRegistered = false;

/**
 * The calls the shell makes into the Module Federation runtime, in one module so the
 * single-bundle build of the benchmarks (tools/webpack/single-bundle.config.cjs) can put the
 * remotes' code in place of the runtime and measure what run-time composition costs.
 */
export function registerManifests(list: Array<{ name: string; entry: string }>, force: boolean): void {
  // In a browser, where the runtime has its instance by now (the server render has no inline styles).
  if (!pluginsRegistered && typeof document !== 'undefined') {
    registerPlugins([skipInlinedStyles()]);
    pluginsRegistered = true;
  }
  registerRemotes(list, { force });
}

export const loadExposed = <T>(id: string): Promise<T | null> => loadRemote<T>(id);

/**
 * Fetches the federated scripts the gateway listed for a server-rendered page (its shell and
 * remote files, read from the manifests). The single bundle has none of those files to fetch.
 */
export const preloadPageScripts = (): void => preloadHydrationScripts();
