import { createLocalStoreProvider } from './local-provider';
import type { StoreDirectory } from './store-directory';

export type { StoreDirectory } from './store-directory';

/**
 * Which provider answers. Only the local data set exists today; a hosted store API becomes
 * another `provider` value with its own folder here (fetch + reshape into StoreRecord),
 * chosen from gateway config, and nothing above this file changes.
 */
export type StoreDirectoryOptions = { provider: 'local' };

export function createStoreDirectory(options: StoreDirectoryOptions = { provider: 'local' }): StoreDirectory {
  switch (options.provider) {
    case 'local':
      return createLocalStoreProvider();
  }
}
