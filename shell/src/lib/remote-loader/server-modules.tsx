import type { RemoteName } from '@shop/contracts/browser';
import { createContext, useContext } from 'react';

/**
 * The remote modules a server render has loaded, by `remote/expose`, with the versions it loaded
 * them at (ADR 0017). Per request, never module state: two brands may run two versions at once.
 * In the browser there is none.
 */
export interface ServerModules {
  modules: Map<string, unknown>;
  versions: Partial<Record<RemoteName, string>>;
}

export const ServerModulesContext = createContext<ServerModules | null>(null);

export const useServerModules = () => useContext(ServerModulesContext);
