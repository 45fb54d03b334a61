import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import type { RemoteName } from '@shop/contracts/browser';
import { SHARED_MODULES } from './shared-modules';

/** A remote's server build could not be used: the page renders that remote in the browser. */
export class RemoteBundleError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly version: string,
    detail: string,
  ) {
    super(`The server build of ${remote}@${version} is unusable: ${detail}`);
    this.name = 'RemoteBundleError';
  }
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,79}$/;
const EXPOSE = /^[A-Za-z][A-Za-z0-9-]{0,40}$/;

/**
 * Loads `<remotesDir>/<remote>/<version>/server/<expose>.js`, the server build published beside
 * the browser build, once per version: the version the brand's registry names decides, so a
 * release or a rollback changes server code with the next page, without a restart.
 */
export class RemoteBundles {
  private readonly loaded = new Map<string, Promise<unknown>>();

  constructor(private readonly remotesDir: string) {}

  load(remote: RemoteName, version: string, expose: string): Promise<unknown> {
    if (!VERSION.test(version) || !EXPOSE.test(expose)) {
      return Promise.reject(new RemoteBundleError(remote, version, `no such module ${expose}`));
    }
    const file = join(this.remotesDir, remote, version, 'server', `${expose}.js`);
    let module = this.loaded.get(file);
    if (!module) {
      module = Promise.resolve().then(() => evaluate(remote, version, file));
      this.loaded.set(file, module);
      // A failed load is tried again on a later page (the file may still be being published).
      module.catch(() => this.loaded.delete(file));
    }
    return module;
  }
}

function evaluate(remote: RemoteName, version: string, file: string): unknown {
  if (!existsSync(file)) throw new RemoteBundleError(remote, version, 'it has no server build');
  const source = readFileSync(file, 'utf8');
  const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
  }) as (
    exports: unknown,
    require: (id: string) => unknown,
    module: { exports: unknown },
    f: string,
    d: string,
  ) => void;
  const module = { exports: {} as unknown };
  const requireShared = (id: string) => {
    if (Object.hasOwn(SHARED_MODULES, id)) return SHARED_MODULES[id];
    throw new RemoteBundleError(remote, version, `it requires ${id}, which the renderer does not share`);
  };
  try {
    wrapper(module.exports, requireShared, module, file, join(file, '..'));
  } catch (error) {
    if (error instanceof RemoteBundleError) throw error;
    throw new RemoteBundleError(remote, version, error instanceof Error ? error.message : String(error));
  }
  const exported = module.exports as { default?: unknown };
  if (!exported || typeof exported.default !== 'function') {
    throw new RemoteBundleError(remote, version, 'it exports no component');
  }
  return exported;
}
