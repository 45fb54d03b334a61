import {
  type RemoteName,
  type ShellBootConfig,
  buildRouteTable,
  isServerRendered,
  matchRoute,
} from '@shop/contracts/browser';
import { api, createAppStore } from '@shop/platform';
import { type HeadCollector, HeadCollectorContext } from '@shop/ui/core';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '../app/app';
import { ServerModulesContext } from '../lib/remote-loader/server-modules';
import { gatewayTransport } from './gateway-transport';
import type { RemoteBundles } from './remote-bundles';

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The brand's public boot config, as the gateway inlines it into the page. */
  boot: ShellBootConfig;
  /** Where the gateway's /api answers, and the Host that names the brand there. */
  apiOrigin: string;
  host: string;
}

export interface RenderResult {
  /** The shell's markup with the page in it, for the page's root element. */
  html: string;
  head: HeadCollector;
  /** The API state the render used; the browser's store starts from it. */
  state: Record<string, unknown>;
  /** `remote/expose` modules rendered here: the browser loads them before it hydrates. */
  modules: string[];
  /** Remotes left to the browser, and why. */
  skipped: Array<{ remote: RemoteName; reason: string }>;
}

export class RenderBudgetExceeded extends Error {
  constructor(budgetMs: number) {
    super(`the page did not render within ${budgetMs} ms`);
    this.name = 'RenderBudgetExceeded';
  }
}

/**
 * Modules of the page's frame that are rendered with every page, so that nothing moves when the
 * browser would otherwise draw them late: the footer's signup form is 115-210 px tall. The rest
 * of the frame's remote parts (search, bag) keep a placeholder of their own size.
 */
const CHROME_MODULES: Array<{ remote: RemoteName; expose: string; shown: (boot: ShellBootConfig) => boolean }> = [
  { remote: 'content', expose: 'EmailSignupForm', shown: (boot) => boot.flags.emailSignup !== false },
];

/** Passes at most: each may start queries that the next renders with (a list, then its products). */
const MAX_PASSES = 4;

/**
 * Renders a page of a server-rendered route (ADR 0017), or undefined for a route the browser
 * renders. RTK Query starts the page's requests during a render pass; the next pass renders the
 * answers, until a pass starts nothing new. The page's remote is the version the brand's
 * registry names; a remote whose server build fails to load is left in its loading state for the
 * browser. Everything must finish within `budgetMs`.
 */
export async function renderPage(
  request: RenderRequest,
  bundles: RemoteBundles,
  budgetMs: number,
): Promise<RenderResult | undefined> {
  const { pathname } = new URL(request.url, 'http://page.invalid');
  const match = matchRoute(buildRouteTable(request.boot.brand), pathname);
  if (!match || !isServerRendered(match.entry)) return undefined;

  const deadline = AbortSignal.timeout(budgetMs);
  const remote = match.entry.remote;
  const modules = new Map<string, unknown>();
  const skipped: RenderResult['skipped'] = [];
  const wanted = [{ remote, expose: 'pages' }, ...CHROME_MODULES.filter((module) => module.shown(request.boot))];
  await Promise.all(
    wanted.map(async ({ remote: name, expose }) => {
      const entry = request.boot.remotes[name];
      if (!entry) return void skipped.push({ remote: name, reason: 'no published version' });
      try {
        modules.set(`${name}/${expose}`, await withDeadline(bundles.load(name, entry.version, expose), deadline));
      } catch (error) {
        if (error instanceof RenderBudgetExceeded) throw new RenderBudgetExceeded(budgetMs);
        skipped.push({ remote: name, reason: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
  const versions = Object.fromEntries(
    Object.entries(request.boot.remotes).map(([name, entry]) => [name, entry.version]),
  );
  const head: HeadCollector = {};
  const store = createAppStore(undefined, {
    transport: gatewayTransport(request.apiOrigin, request.host, deadline),
  });
  const tree = (
    <ServerModulesContext.Provider value={{ modules, versions }}>
      <HeadCollectorContext.Provider value={head}>
        <App config={request.boot} store={store} location={request.url} />
      </HeadCollectorContext.Provider>
    </ServerModulesContext.Provider>
  );

  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    html = await renderToString(tree, deadline, budgetMs);
    const running = store.dispatch(api.util.getRunningQueriesThunk());
    if (running.length === 0) break;
    await withDeadline(Promise.allSettled(running), deadline).catch(() => {
      throw new RenderBudgetExceeded(budgetMs);
    });
    if (pass === MAX_PASSES - 1) html = await renderToString(tree, deadline, budgetMs);
  }
  return { html, head, state: { api: answeredState(store.getState().api) }, modules: [...modules.keys()], skipped };
}

/**
 * Only answered queries of the public catalog and content travel to the browser: those fulfilled,
 * and those the gateway answered with "not there" (404) or "gone" (410), so that a missing or
 * withdrawn product's page wakes up showing what the server sent. A query that failed otherwise,
 * or is pending, is asked again there, and so is anything about the shopper (the session, the
 * bag): the server rendered as a guest, and must never hand that state to a signed-in shopper.
 */
const PUBLIC_ENDPOINTS = /^(catalog|content)[A-Z]/;
const ABSENT = new Set([404, 410]);

function answeredState(state: ReturnType<typeof api.reducer>) {
  const answered = (entry: (typeof state.queries)[string]) =>
    entry?.status === 'fulfilled' ||
    (entry?.status === 'rejected' && ABSENT.has(Number((entry.error as { status?: unknown } | undefined)?.status)));
  const queries = Object.fromEntries(
    Object.entries(state.queries).filter(
      ([, entry]) => answered(entry) && PUBLIC_ENDPOINTS.test(entry?.endpointName ?? ''),
    ),
  );
  return { ...state, queries, mutations: {}, subscriptions: {} };
}

function withDeadline<T>(promise: Promise<T>, deadline: AbortSignal): Promise<T> {
  if (deadline.aborted) return Promise.reject(new RenderBudgetExceeded(0));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RenderBudgetExceeded(0));
    deadline.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        deadline.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        deadline.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * React 19's prerender: the page once every Suspense boundary (the remote's lazy page chunks) has
 * resolved, in document order, with no inline script (the page's CSP allows only its own, ADR 0025). An error
 * inside a boundary leaves that boundary to the browser.
 */
async function renderToString(tree: ReactNode, deadline: AbortSignal, budgetMs: number): Promise<string> {
  if (deadline.aborted) throw new RenderBudgetExceeded(budgetMs);
  let prelude: NodeJS.ReadableStream;
  try {
    ({ prelude } = await prerenderToNodeStream(tree, {
      signal: deadline,
      // Every boundary inline, in order: React otherwise moves a large boundary's content to the
      // end of the HTML with a script to put it back, and a page without JavaScript must read in order.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        // The boundary that failed is rendered in the browser; the log says what failed here.
        if (!deadline.aborted) {
          console.error(
            JSON.stringify({ level: 'warn', msg: 'a part of the page failed to render', error: String(error) }),
          );
        }
      },
    }));
  } catch (error) {
    if (deadline.aborted) throw new RenderBudgetExceeded(budgetMs);
    throw error;
  }
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return html;
}
