import { FRAUD_SDK } from '@shop/contracts/browser';
import { renderHook } from '@testing-library/react';
import { ALL_DEVICE_ATTRIBUTES, collectAttributes } from './device-attributes';
import { type FraudCollector, startFraudCollector } from './fraud-collector';
import { useFraudCollector } from './use-fraud-collector';

interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  signal?: AbortSignal | null;
}
type Answer = { ok: boolean; json: () => Promise<unknown> };
type Handler = () => Answer | Promise<Answer>;

const ok = (body: unknown): Answer => ({ ok: true, json: async () => body });
const failed = (): Answer => ({ ok: false, json: async () => ({ error: { code: 'DOWN' } }) });
const never = () => new Promise<Answer>(() => undefined);

/** The collector's host in place of fetch: answers by `METHOD /path`, and honours an abort like fetch does. */
function collectorHost(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  global.fetch = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal,
    });
    const handler = handlers[`${method} ${url.pathname}`];
    return new Promise((resolve, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
      Promise.resolve(handler ? handler() : failed()).then(resolve, reject);
    });
  }) as unknown as typeof fetch;
  return { calls, paths: () => calls.map((call) => `${call.method} ${call.path}`) };
}

const options = { collectorUrl: 'http://collector.test:4012/', orgId: 'shop-dev', sessionId: 'fs-123' };
const generated = 'dev-0123456789abcdef';
const host = (overrides: Record<string, Handler> = {}) =>
  collectorHost({
    'GET /cs/config': () => ok({ collect: ['language', 'timezone', 'notAnAttribute'], refreshMs: 900000 }),
    'GET /cs/generatecookie': () => ok({ value: generated }),
    'POST /cs/storecookie': () => ok({ stored: true }),
    'POST /session/fs-123': () => ok({ received: true }),
    ...overrides,
  });

/** document.cookie replaced by a jar the test controls (blocked cookies, a cookie that appears late). */
function cookieJar(read: (count: number) => string) {
  const writes: string[] = [];
  let reads = 0;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => read((reads += 1)),
    set: (value: string) => writes.push(value),
  });
  return { writes, reads: () => reads };
}

let collector: FraudCollector | undefined;
const start = () => (collector = startFraudCollector(options));

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  document.cookie = `${FRAUD_SDK.cookieName}=; Max-Age=0; Path=/`;
});
afterEach(() => {
  collector?.stop();
  collector = undefined;
  delete (document as unknown as { cookie?: string }).cookie;
  document.cookie = `${FRAUD_SDK.cookieName}=; Max-Age=0; Path=/`;
  jest.useRealTimers();
});

describe('the fraud collector (SPEC §4, §9)', () => {
  it('runs collect-begin, the device cookie and collect-end, collecting only what the config lists', async () => {
    const { calls, paths } = host();
    start();
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual([
      'GET /cs/config',
      'GET /cs/generatecookie',
      'POST /cs/storecookie',
      'POST /session/fs-123',
    ]);
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ org: 'shop-dev', session: 'fs-123' });
    expect(calls[0].url.origin).toBe('http://collector.test:4012');
    expect(Object.fromEntries(calls[1].url.searchParams)).toEqual({ org: 'shop-dev' });
    expect(calls[2].body).toEqual({ org: 'shop-dev', session: 'fs-123', value: generated });
    expect(calls[3].body).toEqual({
      org: 'shop-dev',
      attributes: { language: navigator.language, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
    expect(document.cookie).toContain(`${FRAUD_SDK.cookieName}=${generated}`);
  });

  it('gives the config up after 3000 ms and then collects everything', async () => {
    const { calls, paths } = host({ 'GET /cs/config': never });
    start();
    await jest.advanceTimersByTimeAsync(FRAUD_SDK.configTimeoutMs - 1);
    expect(paths()).toEqual(['GET /cs/config']);
    expect(calls[0].signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls[0].signal?.aborted).toBe(true);
    const end = calls.find((call) => call.path === '/session/fs-123');
    const attributes = (end?.body as { attributes: Record<string, unknown> }).attributes;
    expect(Object.keys(attributes).sort()).toEqual(Object.keys(collectAttributes(ALL_DEVICE_ATTRIBUTES)).sort());
    expect(attributes).toMatchObject({ userAgent: navigator.userAgent, cookieEnabled: true });
    for (const value of Object.values(attributes)) {
      expect(['string', 'number', 'boolean'].includes(typeof value) || Array.isArray(value)).toBe(true);
    }
  });

  it('collects everything at once when the config answers with an error', async () => {
    const { calls } = host({ 'GET /cs/config': failed });
    start();
    await jest.advanceTimersByTimeAsync(0);
    const end = calls.find((call) => call.path === '/session/fs-123');
    expect(Object.keys((end?.body as { attributes: object }).attributes).length).toBeGreaterThan(5);
  });

  it('keeps a device cookie that is there, without asking for a new one', async () => {
    document.cookie = `${FRAUD_SDK.cookieName}=existing-device-42; Path=/`;
    const { calls, paths } = host();
    start();
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).not.toContain('GET /cs/generatecookie');
    expect(calls.find((call) => call.path === '/cs/storecookie')?.body).toEqual({
      org: 'shop-dev',
      session: 'fs-123',
      value: 'existing-device-42',
    });
  });

  it('writes the new cookie for 365 days and polls every 10 ms until it reads back', async () => {
    const jar = cookieJar((count) => (count >= 7 ? `${FRAUD_SDK.cookieName}=${generated}` : ''));
    const { paths } = host();
    start();
    await jest.advanceTimersByTimeAsync(0);
    expect(jar.writes).toEqual([`${FRAUD_SDK.cookieName}=${generated}; Max-Age=31536000; Path=/; SameSite=Lax`]);
    // One read before asking for a value, one at once after writing it, then one every 10 ms.
    expect(jar.reads()).toBe(2);
    await jest.advanceTimersByTimeAsync(40);
    expect(jar.reads()).toBe(6);
    expect(paths()).not.toContain('POST /cs/storecookie');
    await jest.advanceTimersByTimeAsync(10);
    expect(jar.reads()).toBe(7);
    expect(paths()).toContain('POST /cs/storecookie');
  });

  it('waits no more than 2000 ms for a cookie the browser blocks, then stores the value it was given', async () => {
    const jar = cookieJar(() => '');
    const { calls, paths } = host();
    start();
    await jest.advanceTimersByTimeAsync(FRAUD_SDK.cookieWaitMs - 10);
    expect(paths()).not.toContain('POST /cs/storecookie');
    await jest.advanceTimersByTimeAsync(10);
    expect(paths()).toContain('POST /cs/storecookie');
    // The read before asking, then polls at 0, 10, ... 2000 ms.
    expect(jar.reads()).toBe(1 + FRAUD_SDK.cookieWaitMs / FRAUD_SDK.cookiePollMs + 1);
    expect(calls.find((call) => call.path === '/cs/storecookie')?.body).toMatchObject({ value: generated });
    await jest.advanceTimersByTimeAsync(1000);
    expect(jar.reads()).toBe(202);
  });

  it('adds the collector’s hidden frame once, out of the tab order and hidden from assistive technology', async () => {
    host();
    start();
    await jest.advanceTimersByTimeAsync(0);
    const frames = document.querySelectorAll('iframe[data-fraud-collector]');
    expect(frames).toHaveLength(1);
    const frame = frames[0] as HTMLIFrameElement;
    expect(frame.src).toBe('http://collector.test:4012/logo.htm?org=shop-dev&session=fs-123');
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.tabIndex).toBe(-1);
    expect(frame.title).toBe('Fraud prevention');
  });

  it('runs the cycle again every 900000 ms (the cookie and the frame only once)', async () => {
    const { paths } = host();
    start();
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(FRAUD_SDK.refreshIntervalMs - 1);
    expect(paths()).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(1);
    expect(paths().slice(4)).toEqual(['GET /cs/config', 'POST /session/fs-123']);
    await jest.advanceTimersByTimeAsync(FRAUD_SDK.refreshIntervalMs);
    expect(paths().slice(6)).toEqual(['GET /cs/config', 'POST /session/fs-123']);
    expect(document.querySelectorAll('iframe[data-fraud-collector]')).toHaveLength(1);
  });

  it('never throws when the collector is down', async () => {
    const { paths } = collectorHost({});
    start();
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual(['GET /cs/config', 'GET /cs/generatecookie', 'POST /session/fs-123']);
  });
});

describe('useFraudCollector', () => {
  const vendors = {
    cardFieldUrl: 'http://127.0.0.1:4011/hosted/card-field?pk=pk_dev_shop',
    fraudCollectorUrl: options.collectorUrl,
    fraudOrgId: options.orgId,
    fraudSessionId: options.sessionId,
  };

  it('runs while mounted and stops on unmount: the request in flight aborted, the frame gone, no next cycle', async () => {
    let configCalls = 0;
    const { calls, paths } = host({
      'GET /cs/config': () => (configCalls++ === 0 ? ok({ collect: ['language'] }) : never()),
    });
    const view = renderHook(() => useFraudCollector(vendors));
    await jest.advanceTimersByTimeAsync(0);
    expect(document.querySelector('iframe[data-fraud-collector]')).not.toBeNull();
    await jest.advanceTimersByTimeAsync(FRAUD_SDK.refreshIntervalMs);
    const inFlight = calls[calls.length - 1];
    expect(inFlight.path).toBe('/cs/config');
    view.unmount();
    expect(inFlight.signal?.aborted).toBe(true);
    expect(document.querySelector('iframe[data-fraud-collector]')).toBeNull();
    const sent = paths().length;
    await jest.advanceTimersByTimeAsync(FRAUD_SDK.refreshIntervalMs * 2);
    expect(paths()).toHaveLength(sent);
  });

  it('does nothing without the checkout’s vendors', async () => {
    const { paths } = host();
    renderHook(() => useFraudCollector(undefined));
    await jest.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual([]);
  });
});
