import type { Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { OPS_API_KEY, withShopAndBrowser } from './support/shop';
import { totpCode } from './support/totp';

const env = withShopAndBrowser({ services: true });
const PASSWORD = 'a long staff passphrase for the admin e2e';
const MANAGER = 'mia.manager@shop.example';
const VIEWER = 'vic.viewer@shop.example';
const ON_THE_GO = 'otto.onthego@shop.example';
const secrets = new Map<string, string>();

/** A staff account made with the staff CLI, as an administrator would; keeps its authenticator secret. */
function createStaff(email: string, roles: string[]) {
  const printed = env.shop.staff(
    ['create', '--email', email, '--password-stdin', ...roles.flatMap((role) => ['--role', role])],
    `${PASSWORD}\n`,
  );
  const secret = /secret: (\S+)/.exec(printed)?.[1];
  if (!secret) throw new Error(`no authenticator secret in: ${printed}`);
  secrets.set(email, secret);
}

/** Signs in on the admin's sign-in form with the authenticator code of now. */
async function signIn(page: Page, email: string) {
  await page.goto(env.shop.url('hoopcraft', '/admin'));
  await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('6-digit code').fill(totpCode(secrets.get(email) as string));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('list', { name: 'Your brands' }).waitFor();
}

const result = (page: Page) => page.getByTestId('admin-result');
async function resultSays(page: Page, text: RegExp) {
  await result(page).filter({ hasText: text }).waitFor();
}

/** The back office's flag routes, as the e2e plays a second manager working at the same time. */
async function ops(path: string, method = 'GET', body?: unknown) {
  const response = await fetch(env.shop.url(undefined, `/api/ops/flags${path}`), {
    method,
    headers: { authorization: `Bearer ${OPS_API_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { version: number };
}

const rewards = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Rewards', exact: true });

let admin: Page;

beforeAll(() => {
  createStaff(MANAGER, ['hoopcraft=manager', 'everwear=viewer']);
  createStaff(VIEWER, ['hoopcraft=viewer']);
  createStaff(ON_THE_GO, ['hoopcraft=manager']);
});

describe('the admin, seen from the shop', () => {
  it('loads nothing of the admin on a shop page, and keeps /admin out of search engines', async () => {
    const page = await (await env.browser.newContext()).newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(env.shop.url('hoopcraft', '/'));
    await page.locator('html[data-interactive]').waitFor();
    await page.locator('[data-remote="content"] h1').waitFor();
    expect(requested.filter((path) => path.startsWith('/remotes/admin/'))).toEqual([]);

    const answer = await fetch(env.shop.url(undefined, '/admin/brands/hoopcraft/flags'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(await answer.text()).toContain('<meta name="robots" content="noindex" />');
    await page.context().close();
  });
});

describe('a brand manager in the admin', () => {
  beforeAll(async () => {
    admin = await (await env.browser.newContext()).newPage();
  });

  it('signs in with the authenticator code and sees only their brands, without the shop’s chrome', async () => {
    const errors = collectPageErrors(admin);
    await admin.goto(env.shop.url('hoopcraft', '/admin'));
    await admin.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    expect(await admin.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await admin.getByRole('banner').count()).toBe(0);
    await expectAccessible(admin);
    await signIn(admin, MANAGER);
    const brands = admin.getByRole('list', { name: 'Your brands' }).getByRole('link');
    expect((await brands.allTextContents()).sort()).toEqual(['Everwear', 'Hoopcraft']);
    await expectAccessible(admin);
    expect(errors).toEqual([]);
  });

  it('turns hoopcraft’s rewards on with a reason, an open shop page follows, and the audit rolls it back', async () => {
    const shopper = await (await env.browser.newContext()).newPage();
    const elsewhere = await (await env.browser.newContext()).newPage();
    await shopper.goto(env.shop.url('hoopcraft', '/'));
    await elsewhere.goto(env.shop.url('vanityfair', '/'));
    for (const page of [shopper, elsewhere]) {
      await page.locator('html[data-interactive]').waitFor();
      expect(await rewards(page).count()).toBe(0);
    }

    await admin.getByRole('link', { name: 'Hoopcraft' }).click();
    await admin.getByRole('row', { name: /^loyalty/ }).waitFor();
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Change loyalty' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Change loyalty' });
    await dialog.getByLabel('Default variant', { exact: true }).selectOption('on');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Rewards launch');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await resultSays(admin, /loyalty changed for hoopcraft: default “on”/);
    await rewards(shopper).waitFor({ timeout: 5_000 });
    // Another brand's open page does not change.
    expect(await rewards(elsewhere).count()).toBe(0);
    expect(await admin.getByRole('row', { name: /^loyalty/ }).textContent()).toContain(MANAGER);

    await admin.getByRole('link', { name: 'Audit' }).click();
    const line = admin.getByRole('row', { name: /Rewards launch/ });
    await line.waitFor();
    expect(await line.textContent()).toContain(MANAGER);
    await expectAccessible(admin);
    await line.getByRole('button', { name: /^Roll back change \d+ \(loyalty\)$/ }).click();
    const undo = admin.getByRole('dialog', { name: /^Roll back change/ });
    await undo.getByRole('textbox', { name: 'Reason' }).fill('Not yet');
    await undo.getByRole('button', { name: 'Roll back' }).click();
    await resultSays(admin, /is rolled back: loyalty is/);
    await rewards(shopper).waitFor({ state: 'detached', timeout: 5_000 });
    await admin.getByRole('row', { name: /Not yet/ }).waitFor();
    await shopper.context().close();
    await elsewhere.context().close();
  });

  it('shows a conflict when someone else changed the flags first, and saves nothing', async () => {
    await admin.getByRole('link', { name: 'Flags' }).click();
    await admin.getByRole('button', { name: 'Disable storeLocator' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Disable storeLocator' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Map vendor outage');
    // Meanwhile another manager changes a flag of the brand.
    const { version } = await ops('/hoopcraft');
    await ops('/hoopcraft/returns', 'PUT', { version, defaultVariant: 'on', reason: 'Returns pilot', actor: 'lee' });
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^Not saved: someone else changed these flags/ })
      .waitFor();
    await dialog.getByText(/In force now: Enabled/).waitFor();
    expect(await result(admin).textContent()).not.toMatch(/storeLocator is disabled/);
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await admin.getByRole('row', { name: /^storeLocator/ }).textContent()).toContain('Enabled');
    expect(await admin.getByRole('row', { name: /^returns/ }).textContent()).toContain('Returns pilot');
  });

  it('shows the brand’s remotes with what is live, and creates a preview link', async () => {
    await admin.getByRole('link', { name: 'Remotes' }).click();
    const card = admin.getByRole('region', { name: 'admin', exact: true });
    await card.waitFor();
    // What the brand's pages load, as the browser on its site asks for it.
    const live = await admin.evaluate(
      async () => ((await (await fetch('/api/remotes')).json()) as { remotes: { admin: { version: string } } }).remotes,
    );
    expect(await card.locator('dd').first().textContent()).toContain(live.admin.version);
    await expectAccessible(admin);

    await admin.getByRole('link', { name: 'Preview link' }).click();
    await admin.getByRole('button', { name: 'Create a preview link' }).click();
    const link = admin.getByRole('textbox', { name: /^Preview link/ });
    expect(await link.inputValue()).toMatch(/^http:\/\/hoopcraft\.localhost:\d+\/preview\/\S+$/);
    await resultSays(admin, /A preview link for hoopcraft is ready/);
  });

  it('signs out, and the admin asks for a sign-in again', async () => {
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    await admin.reload();
    await admin.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});

describe('a viewer in the admin', () => {
  it('sees the flags and the audit, and has nothing to change', async () => {
    const page = await (await env.browser.newContext()).newPage();
    await signIn(page, VIEWER);
    await page.getByRole('link', { name: 'Hoopcraft' }).click();
    await page.getByRole('row', { name: /^loyalty/ }).waitFor();
    await page.getByText('You are a viewer for Hoopcraft').waitFor();
    expect(await page.getByRole('button', { name: /^(Disable|Enable|Change) / }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('row', { name: /Rewards launch/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Roll back/ }).count()).toBe(0);
    await page.context().close();
  });
});

describe('a manager on a phone', () => {
  /** Nothing scrolls sideways and the sign-out is on screen. */
  async function fitsTheScreen(page: Page) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(signOut).not.toBeNull();
    expect((signOut?.x ?? 0) + (signOut?.width ?? 0)).toBeLessThanOrEqual(innerWidth);
  }

  it('reads every admin page at 390 px, the tables as cards, and changes a flag', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, ON_THE_GO);
    await fitsTheScreen(page);
    await page.getByRole('link', { name: 'Hoopcraft' }).click();
    // The rows keep their names for assistive technology when they are laid out as cards.
    const row = page.getByRole('row', { name: /^emailSignup / });
    await row.waitFor();
    await fitsTheScreen(page);
    expect(await row.getByRole('cell').first().textContent()).toMatch(/^(Enabled|Disabled), default/);
    await row.getByRole('button', { name: 'Change emailSignup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change emailSignup' });
    await dialog.getByRole('radio', { name: /^Percentage rollout/ }).check();
    await dialog.getByRole('textbox', { name: 'Percentage of shoppers' }).fill('25');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Phone check');
    const save = await dialog.getByRole('button', { name: 'Save change' }).boundingBox();
    expect((save?.x ?? 0) + (save?.width ?? 0)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Save change' }).click();
    await resultSays(page, /emailSignup changed for hoopcraft/);
    await expectAccessible(page);

    for (const section of ['Audit', 'Remotes', 'Preview link']) {
      await page.getByRole('link', { name: section }).click();
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
      await fitsTheScreen(page);
    }
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('row', { name: /Phone check/ }).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
