import express from 'express';
import { recordUpstreamTime, serverTiming } from './server-timing';

async function answer(app: express.Express) {
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  try {
    return await fetch(`http://127.0.0.1:${port}/`);
  } finally {
    server.close();
  }
}

describe('Server-Timing', () => {
  it('sums the time of each upstream within the request, across awaits', async () => {
    const app = express();
    app.get('/', serverTiming, async (_req, res) => {
      recordUpstreamTime('payment', 10);
      await new Promise((resolve) => setTimeout(resolve, 5));
      recordUpstreamTime('payment', 2.5);
      recordUpstreamTime('commerce', 7);
      res.json({ ok: true });
    });
    const response = await answer(app);
    expect(response.headers.get('server-timing')).toBe('payment;dur=12.5, commerce;dur=7.0');
  });

  it('sends no header when nothing was called, and records nothing outside a timed request', async () => {
    recordUpstreamTime('payment', 1);
    const app = express();
    app.get('/', serverTiming, (_req, res) => res.json({ ok: true }));
    expect((await answer(app)).headers.get('server-timing')).toBeNull();
  });
});
