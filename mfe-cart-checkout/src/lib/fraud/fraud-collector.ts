import { FRAUD_SDK } from '@shop/contracts/browser';
import { ALL_DEVICE_ATTRIBUTES, collectAttributes } from './device-attributes';

/**
 * The fraud-collection SDK (SPEC §4, §7, §9), run while the checkout page is open:
 *
 * 1. collect-begin: `GET {collector}/cs/config?org=&session=`, given up after 3000 ms; what it
 *    lists in `collect` is collected, everything when the config is unavailable;
 * 2. the device cookie: when the first-party cookie is missing, `GET /cs/generatecookie?org=`
 *    gives its value, which is written for 365 days; document.cookie is polled every 10 ms, up to
 *    2000 ms, until the cookie reads back; then `POST /cs/storecookie` ties it to the session;
 * 3. the collector's hidden frame `/logo.htm?org=&session=`, which reports from its own origin;
 * 4. collect-end: `POST /session/{id}` with the attributes;
 * 5. again every 900000 ms, until stopped.
 *
 * It never throws and never holds up the page: a collector that is down only means less data.
 */
export interface FraudCollectorOptions {
  /** The collector's origin, e.g. http://127.0.0.1:4012. */
  collectorUrl: string;
  orgId: string;
  sessionId: string;
}

export interface FraudCollector {
  stop(): void;
}

const COOKIE_VALUE = /^[A-Za-z0-9._-]{8,200}$/;
const DAY_SECONDS = 24 * 60 * 60;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      const value = decodeURIComponent(rest.join('='));
      return COOKIE_VALUE.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function writeCookie(name: string, value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${FRAUD_SDK.cookieMaxAgeDays * DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function startFraudCollector({ collectorUrl, orgId, sessionId }: FraudCollectorOptions): FraudCollector {
  const base = collectorUrl.replace(/\/+$/, '');
  const controllers = new Set<AbortController>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let frame: HTMLIFrameElement | undefined;
  let stopped = false;

  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };

  /** A request to the collector; undefined when it failed, timed out or was stopped. */
  async function call(path: string, init: RequestInit = {}, timeoutMs?: number): Promise<Response | undefined> {
    if (stopped) return undefined;
    const controller = new AbortController();
    controllers.add(controller);
    const timer = timeoutMs === undefined ? undefined : later(() => controller.abort(), timeoutMs);
    try {
      const response = await fetch(`${base}${path}`, {
        ...init,
        mode: 'cors',
        credentials: 'omit',
        signal: controller.signal,
      });
      return response.ok ? response : undefined;
    } catch {
      return undefined;
    } finally {
      if (timer !== undefined) {
        clearTimeout(timer);
        timers.delete(timer);
      }
      controllers.delete(controller);
    }
  }

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const postJson = (path: string, body: unknown) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** collect-begin: the attribute names to collect, or every one when the config does not come in time. */
  async function collectList(): Promise<readonly string[]> {
    const response = await call(
      `/cs/config?${query({ org: orgId, session: sessionId })}`,
      {},
      FRAUD_SDK.configTimeoutMs,
    );
    const config: unknown = await response?.json().catch(() => undefined);
    if (isRecord(config) && Array.isArray(config.collect)) {
      return config.collect.filter((name): name is string => typeof name === 'string');
    }
    return ALL_DEVICE_ATTRIBUTES;
  }

  /** Polls document.cookie every 10 ms for up to 2000 ms. */
  const waitForCookie = () =>
    new Promise<string | undefined>((resolve) => {
      let waited = 0;
      const poll = () => {
        const value = readCookie(FRAUD_SDK.cookieName);
        if (value || stopped || waited >= FRAUD_SDK.cookieWaitMs) {
          resolve(value);
          return;
        }
        waited += FRAUD_SDK.cookiePollMs;
        later(poll, FRAUD_SDK.cookiePollMs);
      };
      poll();
    });

  /** The device cookie: made when missing, then tied to this session. */
  async function deviceCookie() {
    let value = readCookie(FRAUD_SDK.cookieName);
    if (!value) {
      const response = await call(`/cs/generatecookie?${query({ org: orgId })}`);
      const generated: unknown = await response?.json().catch(() => undefined);
      if (!isRecord(generated) || typeof generated.value !== 'string' || !COOKIE_VALUE.test(generated.value)) return;
      if (stopped) return;
      writeCookie(FRAUD_SDK.cookieName, generated.value);
      // Blocked cookies never read back: the session still gets this page's device value.
      value = (await waitForCookie()) ?? generated.value;
    }
    await postJson('/cs/storecookie', { org: orgId, session: sessionId, value });
  }

  function showFrame() {
    if (frame || stopped) return;
    frame = document.createElement('iframe');
    frame.src = `${base}/logo.htm?${query({ org: orgId, session: sessionId })}`;
    frame.title = 'Fraud prevention';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('data-fraud-collector', '');
    Object.assign(frame.style, {
      position: 'absolute',
      width: '0',
      height: '0',
      border: '0',
      left: '-9999px',
      visibility: 'hidden',
    });
    document.body.appendChild(frame);
  }

  async function cycle(first: boolean) {
    const names = await collectList();
    if (stopped) return;
    if (first) {
      await deviceCookie();
      showFrame();
    }
    if (stopped) return;
    await postJson(`/session/${encodeURIComponent(sessionId)}`, { org: orgId, attributes: collectAttributes(names) });
    if (!stopped) later(() => void cycle(false), FRAUD_SDK.refreshIntervalMs);
  }

  void cycle(true);

  return {
    stop() {
      stopped = true;
      for (const controller of controllers) controller.abort();
      controllers.clear();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      frame?.remove();
      frame = undefined;
    },
  };
}
