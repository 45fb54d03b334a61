import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, hashPassword } from '@shop/node-kit';
import { generate, generateSecret } from 'otplib';
import { runStaffCli } from '../src/cli/staff-cli';
import { createCommerceClient } from '../src/clients/commercetools';
import { createUpstreamGuard } from '../src/clients/upstream-guard';
import {
  STAFF_ACCOUNTS_CONTAINER,
  staffAccountKey,
  staffAccountRepository,
} from '../src/modules/admin/staff-account-repository';
import { staffDirectory } from '../src/modules/admin/staff-directory';
import { previewLinks } from '../src/modules/admin/preview-links';
import { SEALED_TOTP_SECRET, totpSecretSeal } from '../src/modules/admin/totp-secret-seal';
import { authClient, commerceAt, request, startBuiltService, startTestGateway } from './support';

const AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789';
const PASSWORD = 'a long staff passphrase';
const PREVIEW_RULE = { if: [{ '==': [{ var: 'customerGroup' }, 'previewers'] }, 'on', 'off'] };

let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
/** Each account's authenticator secret, as `npm run staff -- create` printed it. */
const secrets = new Map<string, string>();

/** The test's commerce service, as the gateway and the staff CLI reach it. */
function commerceClient() {
  const logger = createLogger('silent');
  return createCommerceClient({ ...commerceAt(commerce.url), logger, guard: createUpstreamGuard('commerce', logger) });
}

/** The staff CLI against the test's commerce service, as `npm run staff -- ...` runs it (with the gateway's secret). */
async function staffCommand(...argv: string[]) {
  const printed: string[] = [];
  const code = await runStaffCli(argv, {
    directory: staffDirectory(staffAccountRepository(commerceClient(), totpSecretSeal(AUTH_SECRET))),
    brands: [...gateway.catalog.keys()],
    readLine: async () => PASSWORD,
    print: (line) => void printed.push(line),
  });
  expect(code).toBe(0);
  return printed.join('\n');
}

async function createStaff(email: string, ...roles: string[]) {
  const printed = await staffCommand(
    'create',
    '--email',
    email,
    '--password-stdin',
    ...roles.flatMap((role) => ['--role', role]),
  );
  secrets.set(email, printedSecret(printed));
}
const printedSecret = (printed: string) => /secret: ([A-Z2-7]+)/.exec(printed)?.[1] ?? '';

beforeAll(async () => {
  commerce = await startBuiltService(
    'commerce',
    { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-admin-')), COMMERCE_SEED_PRODUCTS: '40' },
    'COMMERCE_PORT',
  );
  gateway = await startTestGateway({ commerce: commerceAt(commerce.url), defaultBrand: 'hoopcraft' });
  await createStaff('ana@example.com', 'hoopcraft=manager', 'vanityfair=viewer');
  await createStaff('ben@example.com', 'hoopcraft=manager');
  await createStaff('vic@example.com', 'hoopcraft=viewer');
  await createStaff('lou@example.com', 'hoopcraft=manager');
  await createStaff('dee@example.com', 'hoopcraft=manager');
  await createStaff('eve@example.com', 'hoopcraft=manager');
  await createStaff('ray@example.com', 'hoopcraft=manager');
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await commerce?.stop();
});

const PERIOD = 30;
const lastStep = new Map<string, number>();
/**
 * The next code of an account's authenticator that the gateway has not seen: the gateway takes
 * one step either side of now, and each step once, so a test gets at most three sign-ins per
 * account every 30 s (and waits for the next step past that).
 */
async function nextCode(email: string): Promise<string> {
  for (;;) {
    const now = Date.now() / 1000;
    const step = Math.floor(now / PERIOD);
    // The step before now only while the gateway surely still takes it.
    const steps = (now - step * PERIOD < 20 ? [step - 1, step, step + 1] : [step, step + 1]).filter(
      (candidate) => candidate > (lastStep.get(email) ?? 0),
    );
    if (steps.length > 0) {
      lastStep.set(email, steps[0]);
      return generate({ secret: secrets.get(email) as string, epoch: steps[0] * PERIOD });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
const codeAt = (email: string, step: number) =>
  generate({ secret: secrets.get(email) as string, epoch: step * PERIOD });

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const json = async (response: Response): Promise<Answer> => ({
  status: response.status,
  body: response.status === 204 ? undefined : await response.json().catch(() => undefined),
});

/** A browser of a staff member on the hoopcraft site: its cookie jar, and the session's CSRF token once signed in. */
function staffBrowser() {
  // Made at first use: describe blocks make their browsers before the gateway has started.
  let made: ReturnType<typeof authClient> | undefined;
  const browser = () => (made ??= authClient(gateway.url));
  let csrfToken = '';
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    json(
      await browser().send(`/api/admin${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(method !== 'GET' && csrfToken ? { 'x-csrf-token': csrfToken } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return {
    get client() {
      return browser();
    },
    send,
    /** The sign-in, with the site's CSRF token as any form of the site carries it. */
    async signIn(email: string, fields: { password?: string; totp?: string | null } = {}) {
      const site = await browser().csrfToken();
      const totp = fields.totp === undefined ? await nextCode(email) : fields.totp;
      const answer = await send(
        'POST',
        '/session',
        { email, password: fields.password ?? PASSWORD, ...(totp === null ? {} : { totp }) },
        { 'x-csrf-token': site },
      );
      if (answer.status === 200) csrfToken = answer.body.csrfToken;
      return answer;
    },
    get csrfToken() {
      return csrfToken;
    },
  };
}

/** A shopper's browser on the hoopcraft site. */
function shopperBrowser() {
  const client = authClient(gateway.url);
  return {
    client,
    async flag(key: string, context?: Record<string, unknown>) {
      const response = await client.send(`/api/ofrep/v1/evaluate/flags/${key}`, {
        method: 'POST',
        ...(context ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ context }) } : {}),
      });
      return ((await response.json()) as { value?: unknown }).value;
    },
    /** What the server's own checks read (res.locals.flags), through the boot config. */
    async bootFlag(key: string) {
      return ((await (await client.send('/api/brand')).json()) as { flags: Record<string, unknown> }).flags[key];
    },
    /** A page of the site (not /api), with this browser's cookies. */
    async open(path: string) {
      const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await request(`${gateway.url}${path}`, { headers: { cookie } });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        client.jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    },
  };
}

const versionOf = async (browser: ReturnType<typeof staffBrowser>) =>
  (await browser.send('GET', '/brands/hoopcraft/flags')).body.version as number;

describe('staff sign-in', () => {
  const ana = staffBrowser();

  it('signs a staff member in with password and authenticator code, in a session of their own', async () => {
    const signedIn = await ana.signIn('ana@example.com');
    expect(signedIn).toEqual({
      status: 200,
      body: {
        staff: { email: 'ana@example.com', roles: { hoopcraft: 'manager', vanityfair: 'viewer' } },
        csrfToken: expect.any(String),
      },
    });
    expect(ana.client.jar.has('shop-staff')).toBe(true);
    expect(await ana.send('GET', '/session')).toEqual({ status: 200, body: signedIn.body });
    expect(await ana.send('GET', '/brands')).toEqual({
      status: 200,
      body: {
        brands: [
          { id: expect.any(String), name: expect.any(String), role: expect.any(String) },
          { id: expect.any(String), name: expect.any(String), role: expect.any(String) },
        ],
      },
    });
    const brands = (await ana.send('GET', '/brands')).body.brands as Array<{ id: string; role: string }>;
    expect(Object.fromEntries(brands.map(({ id, role }) => [id, role]))).toEqual({
      hoopcraft: 'manager',
      vanityfair: 'viewer',
    });
  });

  it('gives one answer to a wrong password and to a wrong, missing, replayed or older code', async () => {
    const vic = staffBrowser();
    const refused = { status: 401, body: { error: expect.objectContaining({ code: 'STAFF_SIGN_IN_FAILED' }) } };
    const step = Math.floor(Date.now() / 1000 / PERIOD);
    const right = await codeAt('vic@example.com', step);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(await vic.signIn('vic@example.com', { password: 'not the passphrase', totp: right })).toEqual(refused);
    expect(await vic.signIn('vic@example.com', { totp: wrong })).toEqual(refused);
    expect(await vic.signIn('vic@example.com', { totp: null })).toEqual(refused);
    expect(await vic.signIn('vic@example.com', { totp: '' })).toEqual(refused);
    expect(await vic.signIn('nobody@example.com', { totp: right })).toEqual(refused);
    expect(vic.client.jar.has('shop-staff')).toBe(false);
    // The right code works once; then it, and any code of an earlier step, is a replay.
    expect((await vic.signIn('vic@example.com', { totp: right })).status).toBe(200);
    lastStep.set('vic@example.com', step);
    const again = staffBrowser();
    expect(await again.signIn('vic@example.com', { totp: right })).toEqual(refused);
    expect(await again.signIn('vic@example.com', { totp: await codeAt('vic@example.com', step - 1) })).toEqual(refused);
    expect(again.client.jar.has('shop-staff')).toBe(false);
  }, 60_000);

  it('locks an account after ten failed sign-ins, even with the right code after them', async () => {
    const lou = staffBrowser();
    for (let attempt = 0; attempt < 10; attempt += 1)
      expect(
        (await lou.signIn('lou@example.com', { password: `wrong passphrase ${attempt}`, totp: '000000' })).status,
      ).toBe(401);
    const locked = await lou.signIn('lou@example.com');
    expect([locked.status, locked.body.error.code]).toEqual([401, 'STAFF_SIGN_IN_FAILED']);
  }, 60_000);

  it("refuses a shopper's session, under its own name or the staff cookie's, and no cookie at all", async () => {
    const shopper = authClient(gateway.url);
    expect((await shopper.signIn('guest', '/')).status).toBe(200);
    const asShopper = await shopper.send('/api/admin/session');
    expect([asShopper.status, ((await asShopper.json()) as { error: { code: string } }).error.code]).toEqual([
      401,
      'STAFF_SIGN_IN_REQUIRED',
    ]);
    shopper.jar.set('shop-staff', shopper.jar.get('authjs.session-token') as string);
    expect((await shopper.send('/api/admin/brands')).status).toBe(401);
    expect((await shopper.send('/api/admin/brands/hoopcraft/flags')).status).toBe(401);
    expect((await request(`${gateway.url}/api/admin/brands/hoopcraft/flags`)).status).toBe(401);
  });

  it('refuses a change without the staff session’s CSRF token, the site’s token included', async () => {
    const version = await versionOf(ana);
    const change = { version, defaultVariant: 'on', reason: 'Rewards launch' };
    const put = (headers: Record<string, string>) =>
      ana.send('PUT', '/brands/hoopcraft/flags/loyalty', change, headers);
    const site = await ana.client.csrfToken();
    for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': site }, { 'x-csrf-token': 'f'.repeat(43) }]) {
      const answer = await put(headers);
      expect([answer.status, answer.body.error.code]).toEqual([403, 'MissingCSRF']);
    }
    // Nor may the site's own token sign anyone in from another site's form: the sign-in wants it.
    const forged = await json(
      await request(`${gateway.url}/api/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.com', password: PASSWORD, totp: '123456' }),
      }),
    );
    expect([forged.status, forged.body.error.code]).toEqual([403, 'MissingCSRF']);
    expect(await versionOf(ana)).toBe(version);
  });

  it('ends the session on sign-out, on every copy of the cookie', async () => {
    const dee = staffBrowser();
    expect((await dee.signIn('dee@example.com')).status).toBe(200);
    const copy = new Map(dee.client.jar);
    expect((await dee.send('DELETE', '/session')).status).toBe(204);
    expect(dee.client.jar.has('shop-staff')).toBe(false);
    expect((await dee.send('GET', '/session')).status).toBe(401);
    for (const [name, value] of copy) dee.client.jar.set(name, value);
    expect((await dee.send('GET', '/session')).status).toBe(401);
  });

  it('applies a role change, a disabled account and its enabling at the next request', async () => {
    const eve = staffBrowser();
    expect((await eve.signIn('eve@example.com')).status).toBe(200);
    // A second session of hers that makes no request while the account is disabled.
    const idle = staffBrowser();
    expect((await idle.signIn('eve@example.com')).status).toBe(200);
    expect((await eve.send('GET', '/brands/hoopcraft/flags')).status).toBe(200);
    await staffCommand('roles', '--email', 'eve@example.com', '--role', 'vanityfair=viewer');
    expect((await eve.send('GET', '/brands/hoopcraft/flags')).status).toBe(403);
    expect((await eve.send('GET', '/brands/vanityfair/flags')).status).toBe(200);
    await staffCommand('disable', '--email', 'eve@example.com');
    expect((await eve.send('GET', '/brands/vanityfair/flags')).status).toBe(401);
    // Its password and a fresh code no longer sign it in.
    expect((await staffBrowser().signIn('eve@example.com')).status).toBe(401);
    // Enabled again, it signs in; the sessions from before the disable stay ended.
    await staffCommand('enable', '--email', 'eve@example.com');
    expect((await idle.send('GET', '/brands/vanityfair/flags')).status).toBe(401);
    expect((await staffBrowser().signIn('eve@example.com')).status).toBe(200);
  }, 60_000);

  it('ends every session of an account whose authenticator is reset, and takes only the new one’s codes', async () => {
    const ray = staffBrowser();
    expect((await ray.signIn('ray@example.com')).status).toBe(200);
    const oldSecret = secrets.get('ray@example.com') as string;
    const printed = await staffCommand('reset-totp', '--email', 'ray@example.com');
    secrets.set('ray@example.com', printedSecret(printed));
    expect(secrets.get('ray@example.com')).not.toBe(oldSecret);
    expect((await ray.send('GET', '/session')).status).toBe(401);
    const step = Math.floor(Date.now() / 1000 / PERIOD);
    const oldCode = await generate({ secret: oldSecret, epoch: step * PERIOD });
    expect((await staffBrowser().signIn('ray@example.com', { totp: oldCode })).status).toBe(401);
    // The new authenticator starts afresh: the gateway takes its code even for a step used before.
    lastStep.delete('ray@example.com');
    expect((await ray.signIn('ray@example.com')).status).toBe(200);
    expect((await ray.send('GET', '/brands/hoopcraft/flags')).status).toBe(200);
  }, 60_000);

  it('signs in an account whose secret was stored in clear before sealing, and seals it at that sign-in', async () => {
    const client = commerceClient();
    const secret = generateSecret();
    const at = new Date().toISOString();
    const legacy = {
      email: 'old@example.com',
      passwordHash: await hashPassword(PASSWORD),
      totp: { secret, lastStep: 0 },
      roles: { hoopcraft: 'viewer' },
      disabled: false,
      createdAt: at,
      updatedAt: at,
    };
    const key = staffAccountKey(legacy.email);
    await client.putObject(STAFF_ACCOUNTS_CONTAINER, key, legacy, 0, { correlationId: 'test' });
    secrets.set(legacy.email, secret);
    const old = staffBrowser();
    expect((await old.signIn(legacy.email)).status).toBe(200);
    const stored = await client.getObject(STAFF_ACCOUNTS_CONTAINER, key, { correlationId: 'test' });
    const storedSecret = (stored?.value as typeof legacy).totp.secret;
    expect(storedSecret).toMatch(SEALED_TOTP_SECRET);
    expect(JSON.stringify(stored?.value)).not.toContain(secret);
    // Sealed, it is the same authenticator: its next code signs in again.
    expect((await staffBrowser().signIn(legacy.email)).status).toBe(200);
  }, 60_000);
});

describe('brand managers’ flags in the admin', () => {
  const ana = staffBrowser();
  const ben = staffBrowser();
  const vic = staffBrowser();
  beforeAll(async () => {
    for (const [browser, email] of [
      [ana, 'ana@example.com'],
      [ben, 'ben@example.com'],
      [vic, 'vic@example.com'],
    ] as const)
      expect((await browser.signIn(email)).status).toBe(200);
  }, 90_000);

  it('refuses a manager of hoopcraft every route of vanityfair, and a viewer every change, with 403', async () => {
    const change = { version: 0, defaultVariant: 'on', reason: 'Not mine to change' };
    const routes: Array<[string, string, unknown?]> = [
      ['PUT', '/brands/vanityfair/flags/loyalty', change],
      ['POST', '/brands/vanityfair/flags/audit/1/rollback', { version: 0, reason: 'Not mine to undo' }],
      ['POST', '/brands/vanityfair/preview-link', {}],
      ['POST', '/brands/vanityfair/remotes/catalog/rollback', { reason: 'Not mine to undo', registryVersion: 0 }],
      ['POST', '/brands/vanityfair/remotes/catalog/follow-global', { reason: 'Not mine to undo', registryVersion: 0 }],
    ];
    // ben manages hoopcraft only: not even reading vanityfair.
    for (const [method, path, body] of [
      ...routes,
      ['GET', '/brands/vanityfair/flags'],
      ['GET', '/brands/vanityfair/flags/audit'],
      ['GET', '/brands/vanityfair/remotes'],
    ] as Array<[string, string, unknown?]>) {
      const answer = await ben.send(method, path, body);
      expect({ method, path, status: answer.status, code: answer.body.error.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    // ana views vanityfair: she reads it, and changes nothing there.
    expect((await ana.send('GET', '/brands/vanityfair/flags')).status).toBe(200);
    for (const [method, path, body] of routes)
      expect({ method, path, status: (await ana.send(method, path, body)).status }).toEqual({
        method,
        path,
        status: 403,
      });
    // vic views hoopcraft.
    expect((await vic.send('GET', '/brands/hoopcraft/flags')).status).toBe(200);
    expect((await vic.send('GET', '/brands/hoopcraft/flags/audit')).status).toBe(200);
    for (const [method, path, body] of routes.map(
      ([m, p, b]) => [m, p.replace('vanityfair', 'hoopcraft'), b] as [string, string, unknown],
    ))
      expect({ method, path, status: (await vic.send(method, path, body)).status }).toEqual({
        method,
        path,
        status: 403,
      });
  });

  it('gives one of two managers changing one flag at once a conflict, and loses neither change', async () => {
    const version = await versionOf(ana);
    const [a, b] = await Promise.all([
      ana.send('PUT', '/brands/hoopcraft/flags/discounts', { version, defaultVariant: 'off', reason: 'Pause codes' }),
      ben.send('PUT', '/brands/hoopcraft/flags/discounts', {
        version,
        state: 'DISABLED',
        reason: 'Codes broken at checkout',
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser, loserBrowser] = a.status === 200 ? [a, b, ben] : [b, a, ana];
    expect(loser.body.error.code).toBe('FLAG_CONFLICT');
    // The loser reloads, sees the winner's change, and makes theirs over it.
    const reloaded = (await loserBrowser.send('GET', '/brands/hoopcraft/flags')).body;
    expect(reloaded.version).toBe(winner.body.version);
    const retried = await loserBrowser.send('PUT', '/brands/hoopcraft/flags/discounts', {
      version: reloaded.version,
      defaultVariant: 'on',
      reason: 'Codes fixed, back on',
    });
    expect(retried.status).toBe(200);
    const audit = (await ana.send('GET', '/brands/hoopcraft/flags/audit')).body.changes as Array<{
      flag: string;
      actor: string;
    }>;
    expect(audit.slice(0, 2).map(({ flag, actor }) => `${flag} ${actor}`)).toEqual([
      `discounts ${loserBrowser === ana ? 'ana@example.com' : 'ben@example.com'}`,
      `discounts ${loserBrowser === ana ? 'ben@example.com' : 'ana@example.com'}`,
    ]);
  });

  it('takes the actor from the session, never from the body', async () => {
    const version = await versionOf(ana);
    const answer = await ana.send('PUT', '/brands/hoopcraft/flags/returns', {
      version,
      defaultVariant: 'on',
      reason: 'Returns online',
      actor: 'someone-else',
    });
    expect([answer.status, answer.body.error.code]).toEqual([400, 'INVALID_PARAMETER']);
    expect(await versionOf(ana)).toBe(version);
  });

  it('has no route that edits or deletes the audit', async () => {
    const version = await versionOf(ana);
    for (const method of ['PATCH', 'DELETE'])
      for (const path of ['/brands/hoopcraft/flags/audit', '/brands/hoopcraft/flags/audit/1'])
        expect({ method, path, status: (await ana.send(method, path, {})).status }).toEqual({
          method,
          path,
          status: 404,
        });
    // A PUT there would change a flag named "audit", which no brand has.
    const put = await ana.send('PUT', '/brands/hoopcraft/flags/audit', {
      version,
      defaultVariant: 'on',
      reason: 'Rewrite history',
    });
    expect([put.status, put.body.error.code]).toEqual([404, 'FLAG_NOT_FOUND']);
    expect(await versionOf(ana)).toBe(version);
  });

  it('rolls a change back as a change of its own, by the signed-in manager', async () => {
    const shopper = shopperBrowser();
    const changed = await ana.send('PUT', '/brands/hoopcraft/flags/loyalty', {
      version: await versionOf(ana),
      defaultVariant: 'on',
      reason: 'Rewards launch',
    });
    expect(changed.status).toBe(200);
    expect(await shopper.flag('loyalty')).toBe(true);
    const rolled = await ben.send('POST', `/brands/hoopcraft/flags/audit/${changed.body.change.version}/rollback`, {
      version: changed.body.version,
      reason: 'Launch moved to spring',
    });
    expect(rolled.status).toBe(200);
    expect(rolled.body.change).toMatchObject({
      flag: 'loyalty',
      actor: 'ben@example.com',
      rollbackOf: changed.body.change.version,
      new: {},
    });
    expect(await shopper.flag('loyalty')).toBe(false);
  });

  it('puts a guest-ordering change in force in the API too: a guest order is refused while it is off', async () => {
    const guest = shopperBrowser();
    expect((await guest.client.signIn('guest', '/')).status).toBe(200);
    const place = async () =>
      guest.client.send('/api/orders', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': await guest.client.csrfToken(),
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ cartId: randomUUID(), expectedTotal: 1000 }),
      });
    // hoopcraft's flags.json keeps guest ordering off: a guest is sent to sign in.
    const refused = await place();
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
      403,
      'SIGN_IN_REQUIRED',
    ]);
    const opened = await ana.send('PUT', '/brands/hoopcraft/flags/guestOrdering', {
      version: await versionOf(ana),
      defaultVariant: 'on',
      reason: 'Guest checkout trial',
    });
    expect(opened.status).toBe(200);
    // The order now gets as far as looking for the bag.
    expect((await place()).status).not.toBe(403);
    const closed = await ana.send('POST', `/brands/hoopcraft/flags/audit/${opened.body.change.version}/rollback`, {
      version: opened.body.version,
      reason: 'Trial over',
    });
    expect(closed.status).toBe(200);
    expect((await place()).status).toBe(403);
  });

  it('makes a preview link that shows the previewers’ variant to the browser that opens it, and to no other', async () => {
    const targeted = await ana.send('PUT', '/brands/hoopcraft/flags/loyalty', {
      version: await versionOf(ana),
      targeting: PREVIEW_RULE,
      reason: 'Preview rewards',
    });
    expect(targeted.status).toBe(200);
    const link = await ana.send('POST', '/brands/hoopcraft/preview-link', {});
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(url.hostname).toBe('hoopcraft.localhost');
    expect(Date.parse(link.body.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);

    const previewer = shopperBrowser();
    const other = shopperBrowser();
    expect((await other.client.signIn('guest', '/')).status).toBe(200);
    const opened = await previewer.open(url.pathname);
    expect([opened.status, opened.headers.get('location')]).toEqual([303, '/']);
    expect(await previewer.flag('loyalty')).toBe(true);
    expect(await previewer.bootFlag('loyalty')).toBe(true);
    expect(await other.flag('loyalty')).toBe(false);
    expect(await other.bootFlag('loyalty')).toBe(false);
    // The browser cannot make itself a previewer.
    expect(await other.flag('loyalty', { customerGroup: 'previewers' })).toBe(false);
    expect(await shopperBrowser().flag('loyalty', { customerGroup: 'previewers' })).toBe(false);
    // Signing in as a guest again in the preview browser keeps nothing of it; the grant was the session's.
    expect((await previewer.client.signIn('guest', '/')).status).toBe(200);
    expect(await previewer.flag('loyalty')).toBe(false);
  });

  it('refuses a forged, altered, expired or other brand’s preview link, and previews nothing', async () => {
    const shopper = shopperBrowser();
    const past = previewLinks(AUTH_SECRET, () => Date.now() - 2 * 60 * 60_000).issue('hoopcraft').token;
    const otherBrand = previewLinks(AUTH_SECRET).issue('vanityfair').token;
    const forged = previewLinks('another-secret-0123456789abcdef0123456789').issue('hoopcraft').token;
    const real = (await ana.send('POST', '/brands/hoopcraft/preview-link', {})).body.url as string;
    const altered = `${new URL(real).pathname.slice(0, -2)}xx`;
    for (const [path, status, code] of [
      [`/preview/${past}`, 410, 'PREVIEW_LINK_EXPIRED'],
      [`/preview/${otherBrand}`, 400, 'PREVIEW_LINK_INVALID'],
      [`/preview/${forged}`, 400, 'PREVIEW_LINK_INVALID'],
      [altered, 400, 'PREVIEW_LINK_INVALID'],
      ['/preview/not-a-token', 400, 'PREVIEW_LINK_INVALID'],
    ] as const) {
      const response = await shopper.open(path);
      expect({
        path,
        status: response.status,
        code: ((await response.json()) as { error: { code: string } }).error.code,
      }).toEqual({
        path,
        status,
        code,
      });
    }
    expect(await shopper.flag('loyalty')).toBe(false);
  });
});
