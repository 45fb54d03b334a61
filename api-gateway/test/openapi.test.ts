import type { Router } from 'express';
import { registeredRoutes, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

describe('/api/openapi.json', () => {
  it('describes every registered /api route', async () => {
    const document = (await (await fetch(`${gateway.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => ({ method: m, pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) })),
    );
    const routes = registeredRoutes(gateway.app.locals.apiMounts as Array<[string, Router]>);
    expect(routes.length).toBeGreaterThan(20);
    const undocumented = routes.filter((route) => {
      const [method, path] = route.split(' ');
      return !described.some((d) => d.method === method && d.pattern.test(path));
    });
    expect(undocumented).toEqual([]);
  });

  it('lists no development routes in production, where they are not mounted', async () => {
    const production = await startTestGateway({ environment: 'production' });
    try {
      const document = (await (await fetch(`${production.url}/api/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/dev'))).toEqual([]);
      expect(Object.keys(document.paths)).toContain('/api/auth/session');
      expect((await fetch(`${production.url}/api/dev/cases`)).status).toBe(404);
    } finally {
      await production.stop();
    }
  });
});
