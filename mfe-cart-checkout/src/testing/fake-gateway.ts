/** A request the page sent, as the gateway would read it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}
export interface Answer {
  /** 0: the request fails like fetch does when the network is down (or the answer is cut off). */
  status: number;
  body?: unknown;
}
type Route = Answer | ((request: SentRequest) => Answer | Promise<Answer>);

const json = (status: number, body: unknown) =>
  body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const errorBody = (code: string, message: string) => ({ error: { code, message, correlationId: 'corr-1' } });

/**
 * The gateway as the cart remote sees it, in place of fetch: the CSRF token, the tracking beacon,
 * and an answer per `METHOD /api/path` (fixed, or worked out from the request, possibly later).
 */
export function fakeGateway(routes: Record<string, Route>) {
  const sent: SentRequest[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/csrf') return json(200, { csrfToken: 'csrf-1' });
    if (path === '/api/captcha/challenge') return json(200, { token: 'captcha-1' });
    const text = await request.text();
    const entry = { method: request.method, path, body: text ? JSON.parse(text) : undefined, headers: request.headers };
    sent.push(entry);
    if (path === '/api/tracking') return json(202, { accepted: true });
    const route = routes[`${request.method} ${path}`];
    if (!route) return json(404, errorBody('NOT_FOUND', `No route for ${request.method} ${path}`));
    const answer = typeof route === 'function' ? await route(entry) : route;
    if (answer.status === 0) throw new TypeError('fetch failed');
    return json(answer.status, answer.body);
  }) as typeof fetch;
  return {
    sent,
    /** Cart writes, in the order they reached the gateway. */
    writes: () => sent.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/cart')),
    /** Requests to one route (`METHOD /api/path`), in order. */
    to: (route: string) => sent.filter((r) => `${r.method} ${r.path}` === route),
    tracked: () => sent.filter((r) => r.path === '/api/tracking').map((r) => r.body as Record<string, unknown>),
  };
}

/** An answer the test releases by hand, to hold a request in flight. */
export function held() {
  let release!: (answer: Answer) => void;
  const answer = new Promise<Answer>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}
