import supertest from 'supertest';
import type { RunningGateway } from '../src/server';
import { commerceAt, freePort, startTestGateway } from './support';

// A production gateway whose brands are served over https by the balancer in front of it.
let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startTestGateway({
    environment: 'production',
    // Nothing answers here: the brand is decided before any upstream is asked.
    commerce: commerceAt(`http://127.0.0.1:${await freePort()}`),
    publicAddress: { origins: new Map([['hoopcraft', ['https://www.hoopcraft.example']]]), port: undefined },
  });
});

afterAll(() => gateway?.stop());

const brand = (headers: Record<string, string>) => {
  const call = supertest(gateway.url).get('/api/brand');
  for (const [name, value] of Object.entries(headers)) call.set(name, value);
  return call;
};

describe('brand origins behind a TLS-ending balancer', () => {
  it('serves the page renderer beside it (plain http from inside) as the https origin of the brand', async () => {
    const answer = await brand({ host: 'www.hoopcraft.example' });
    expect(answer.status).toBe(200);
    expect(answer.body.brand.id).toBe('hoopcraft');
  });

  it('refuses plain http from outside (through a proxy) at an https-only origin, and an unknown host from anywhere', async () => {
    expect((await brand({ host: 'www.hoopcraft.example', 'x-forwarded-for': '203.0.113.9' })).status).toBe(421);
    expect((await brand({ host: 'evil.example.com' })).status).toBe(421);
  });
});
