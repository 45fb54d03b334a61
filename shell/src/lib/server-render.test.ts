import {
  HYDRATION_SCRIPTS_ELEMENT_ID,
  PRELOADS_PER_TASK,
  preloadHydrationScripts,
  readServerRender,
} from './server-render';

const page = (id: string, json: string) => {
  document.head.innerHTML = '';
  document.body.innerHTML = `<script id="${id}" type="application/json">${json}</script>`;
};
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [
    link.getAttribute('as'),
    link.getAttribute('href'),
  ]);

describe('a server render’s data', () => {
  it('is read from its element, and ignored when it is not what the gateway writes', () => {
    page('__SHOP_SSR__', '{"state":{"api":{}},"modules":["catalog/pages",7]}');
    expect(readServerRender()).toEqual({ state: { api: {} }, modules: ['catalog/pages'] });
    page('__SHOP_SSR__', '{"state":1}');
    expect(readServerRender()).toBeUndefined();
    page('__SHOP_SSR__', 'not json');
    expect(readServerRender()).toBeUndefined();
  });
});

describe('the hydration scripts of a server-rendered page', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('are fetched: the shell’s, and a remote’s once its manifest has arrived', () => {
    const manifest = (remote: string) => `${location.origin}/remotes/${remote}/1.0.0/mf-manifest.json`;
    page(
      HYDRATION_SCRIPTS_ELEMENT_ID,
      JSON.stringify({
        shell: ['/shell/470.js', 'https://elsewhere.example/shell/1.js', '/api/auth/session', 42],
        remotes: [
          { manifest: manifest('catalog'), scripts: [`${location.origin}/remotes/catalog/1.0.0/remoteEntry.js`] },
          { manifest: manifest('content'), scripts: ['/remotes/content/1.0.0/remoteEntry.js'] },
          { manifest: manifest('account'), scripts: ['/remotes/account/1.0.0/remoteEntry.js'] },
        ],
      }),
    );
    // catalog's manifest arrived; content's answered 404; account's has not arrived yet.
    const statuses: Record<string, number> = { [manifest('catalog')]: 200, [manifest('content')]: 404 };
    const timing = {
      getEntriesByName: (name: string) =>
        name in statuses ? [{ name, responseStatus: statuses[name] } as unknown as PerformanceEntry] : [],
    } as Pick<Performance, 'getEntriesByName'>;
    preloadHydrationScripts(document, timing);
    expect(preloads()).toEqual([
      ['script', '/shell/470.js'],
      ['script', `${location.origin}/remotes/catalog/1.0.0/remoteEntry.js`],
    ]);
  });

  it('are inserted a few per task, so no single task inserts them all', () => {
    const shell = Array.from({ length: PRELOADS_PER_TASK * 2 + 1 }, (_, i) => `/shell/${i}.js`);
    page(HYDRATION_SCRIPTS_ELEMENT_ID, JSON.stringify({ shell, remotes: [] }));
    const tasks: Array<() => void> = [];
    preloadHydrationScripts(document, performance, (next) => tasks.push(next));
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK);
    tasks.shift()?.();
    expect(preloads()).toHaveLength(PRELOADS_PER_TASK * 2);
    tasks.shift()?.();
    expect(preloads().map(([, href]) => href)).toEqual(shell);
    expect(tasks).toEqual([]);
  });

  it('are nothing on a page rendered in the browser, or with a list that is not one', () => {
    document.body.innerHTML = '';
    preloadHydrationScripts();
    page(HYDRATION_SCRIPTS_ELEMENT_ID, '[1]');
    preloadHydrationScripts();
    page(HYDRATION_SCRIPTS_ELEMENT_ID, 'nope');
    preloadHydrationScripts();
    jest.runAllTimers();
    expect(preloads()).toEqual([]);
  });
});
