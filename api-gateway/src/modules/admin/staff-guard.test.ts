import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { correlationId } from '../../entry-points/http/middleware/correlation-id';
import { errorHandler } from '../../entry-points/http/middleware/error-handler';
import { createLogger } from '@shop/node-kit';
import type { StaffSessionState } from './staff-authentication';
import type { StaffRoles } from './staff-account';
import { staffGuard } from './staff-guard';

/** An app whose staff session check left `session` on the request (x-csrf: whether the token came with it). */
function appWith(roles: StaffRoles | undefined) {
  const session: RequestHandler = (req, res, next) => {
    if (roles)
      res.locals.staffSession = {
        claims: { sid: 's', email: 'ana@example.com', startedAtMs: 0, sealedAtMs: 0 },
        staff: { email: 'ana@example.com', roles },
        csrfToken: 't',
        csrfVerified: req.get('x-csrf') === 'yes',
        shopBrands: ['hoopcraft', 'vanityfair'],
      } satisfies StaffSessionState;
    next();
  };
  const app = express();
  app.use(correlationId, session);
  const answer: RequestHandler = (_req, res) => void res.json(res.locals.staff);
  app.get('/brands/:brand/flags', staffGuard('viewer'), answer);
  app.put('/brands/:brand/flags', staffGuard('manager'), answer);
  app.post('/everything', staffGuard('manager'), answer);
  app.use(errorHandler(createLogger('silent')));
  return app;
}

const codeOf = (response: request.Response) => response.body.error?.code as string | undefined;

describe('staffGuard', () => {
  it('lets a role through on its brand and says who is acting', async () => {
    const app = appWith({ hoopcraft: 'manager' });
    const read = await request(app).get('/brands/hoopcraft/flags');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ email: 'ana@example.com', roles: { hoopcraft: 'manager' } });
    expect((await request(app).put('/brands/hoopcraft/flags').set('x-csrf', 'yes')).status).toBe(200);
  });

  it('refuses another brand, an unknown one, and a viewer’s change with 403 FORBIDDEN', async () => {
    const manager = appWith({ hoopcraft: 'manager' });
    for (const path of ['/brands/vanityfair/flags', '/brands/nobrand/flags', '/brands/__proto__/flags'])
      expect(codeOf(await request(manager).get(path))).toBe('FORBIDDEN');
    const viewer = appWith({ hoopcraft: 'viewer' });
    expect((await request(viewer).get('/brands/hoopcraft/flags')).status).toBe(200);
    const change = await request(viewer).put('/brands/hoopcraft/flags').set('x-csrf', 'yes');
    expect([change.status, codeOf(change)]).toEqual([403, 'FORBIDDEN']);
  });

  it('wants the role on every brand for a route without :brand', async () => {
    const one = await request(appWith({ hoopcraft: 'manager' }))
      .post('/everything')
      .set('x-csrf', 'yes');
    expect(codeOf(one)).toBe('FORBIDDEN');
    const all = await request(appWith({ hoopcraft: 'manager', vanityfair: 'manager' }))
      .post('/everything')
      .set('x-csrf', 'yes');
    expect(all.status).toBe(200);
  });

  it('refuses no session with 401, and a change without the session’s CSRF token with 403', async () => {
    const none = await request(appWith(undefined)).get('/brands/hoopcraft/flags');
    expect([none.status, codeOf(none)]).toEqual([401, 'STAFF_SIGN_IN_REQUIRED']);
    const unchecked = await request(appWith({ hoopcraft: 'manager' })).put('/brands/hoopcraft/flags');
    expect([unchecked.status, codeOf(unchecked)]).toEqual([403, 'MissingCSRF']);
  });
});
