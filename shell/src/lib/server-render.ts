/** The element the gateway writes a server render's data into (JSON, never executed). */
export const SERVER_RENDER_ELEMENT_ID = '__SHOP_SSR__';

export interface ServerRenderData {
  /** The API state the page was rendered with, as `apiHydrated` takes it. */
  state: Record<string, unknown>;
  /** `remote/expose` modules rendered on the server, to load before hydrating. */
  modules: string[];
}

/** The server render's data when the page arrived rendered, else undefined. */
export function readServerRender(doc: Document = document): ServerRenderData | undefined {
  const element = doc.getElementById(SERVER_RENDER_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const data = JSON.parse(element.textContent) as Partial<ServerRenderData>;
    if (!data || typeof data.state !== 'object' || !Array.isArray(data.modules)) return undefined;
    return { state: data.state as Record<string, unknown>, modules: data.modules.filter((m) => typeof m === 'string') };
  } catch {
    return undefined;
  }
}

/** The element the gateway lists a server render's hydration scripts in (JSON, never executed). */
export const HYDRATION_SCRIPTS_ELEMENT_ID = '__SHOP_PRELOAD__';

/**
 * Starts fetching the scripts a server-rendered page hydrates with (the shell's shared modules,
 * each remote's entry and rendered modules, as the gateway read them from the manifests), which
 * the federation runtime would otherwise discover one after another. The shell calls it once the
 * page has painted (afterFirstPaint): they are needed to interact, not to see the page, and must
 * not take a slow network's bandwidth from the fonts and images the first paint waits for.
 *
 * A remote's scripts only once its manifest has arrived whole (the page's own preload of it,
 * as Resource Timing reports it): the browser keeps a preloaded answer until a script asks for
 * that file, so a hint for a remote that is down would hand its failure to the retry as well.
 */
export function preloadHydrationScripts(
  doc: Document = document,
  timing: Pick<Performance, 'getEntriesByName'> = performance,
  later: (next: () => void) => void = (next) => setTimeout(next, 0),
): void {
  const text = doc.getElementById(HYDRATION_SCRIPTS_ELEMENT_ID)?.textContent;
  if (!text) return;
  let listed: unknown;
  try {
    listed = JSON.parse(text);
  } catch {
    return;
  }
  if (!listed || typeof listed !== 'object') return;
  const { shell, remotes } = listed as { shell?: unknown; remotes?: unknown };
  // This site's own files only (the shell's folder and the remotes' versioned folders).
  const ownFiles = (hrefs: unknown): string[] =>
    Array.isArray(hrefs)
      ? hrefs.filter((href): href is string => {
          if (typeof href !== 'string') return false;
          const url = new URL(href, doc.location.href);
          return url.origin === doc.location.origin && /^\/(shell|remotes)\//.test(url.pathname);
        })
      : [];
  const arrived = (manifest: unknown) => {
    if (typeof manifest !== 'string') return false;
    const entry = timing.getEntriesByName(new URL(manifest, doc.location.href).toString())[0] as
      (PerformanceEntry & { responseStatus?: number }) | undefined;
    return entry?.responseStatus === 200;
  };
  const hrefs = [
    ...ownFiles(shell),
    ...(Array.isArray(remotes) ? remotes : [])
      .filter((remote: { manifest?: unknown }) => arrived(remote?.manifest))
      .flatMap((remote: { scripts?: unknown }) => ownFiles(remote.scripts)),
  ];
  // A few hints per task: on a phone each inserted hint costs the main thread about a
  // millisecond, and twenty in one task would make a long one while the page is being read.
  const appendFrom = (start: number) => {
    const batch = doc.createDocumentFragment();
    for (const href of hrefs.slice(start, start + PRELOADS_PER_TASK)) {
      const link = doc.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', 'script');
      link.href = href;
      batch.append(link);
    }
    doc.head.append(batch);
    if (start + PRELOADS_PER_TASK < hrefs.length) later(() => appendFrom(start + PRELOADS_PER_TASK));
  };
  if (hrefs.length > 0) appendFrom(0);
}

/** How many preload hints `preloadHydrationScripts` inserts in one task. */
export const PRELOADS_PER_TASK = 4;
