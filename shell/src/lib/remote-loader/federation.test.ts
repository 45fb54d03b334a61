import { skipInlinedStyles } from './federation';

type Hook = (args: { preloadOps: Array<{ filter?: (url: string) => boolean }> }) => void;

describe('the runtime plugin for a server-rendered page’s inline styles', () => {
  it('keeps the runtime from fetching a stylesheet the page carries inline, and nothing else', () => {
    document.head.innerHTML = '<style data-href="73.c21259cd.css">.x{}</style><style id="brand-theme"></style>';
    const hook = skipInlinedStyles().beforePreloadRemote as unknown as Hook;
    const ops = [{}, { filter: (url: string) => !url.endsWith('.js') }] as Array<{ filter?: (url: string) => boolean }>;
    hook({ preloadOps: ops });
    const base = 'https://vanityfair.example/remotes/catalog/1.0.0/';
    expect(ops[0].filter?.(`${base}73.c21259cd.css`)).toBe(false);
    expect(ops[0].filter?.(`${base}9446.b06b4746.css`)).toBe(true);
    expect(ops[0].filter?.(`${base}__federation_expose_pages.js`)).toBe(true);
    // A filter already there still applies.
    expect(ops[1].filter?.(`${base}__federation_expose_pages.js`)).toBe(false);
    expect(ops[1].filter?.(`${base}73.c21259cd.css`)).toBe(false);
  });

  it('changes nothing on a page without inline styles, or outside a browser', () => {
    document.head.innerHTML = '';
    const ops: Array<{ filter?: (url: string) => boolean }> = [{}];
    (skipInlinedStyles().beforePreloadRemote as unknown as Hook)({ preloadOps: ops });
    (skipInlinedStyles(() => undefined).beforePreloadRemote as unknown as Hook)({ preloadOps: ops });
    expect(ops[0].filter).toBeUndefined();
  });
});
