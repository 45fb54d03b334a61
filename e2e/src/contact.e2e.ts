import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { collectPageErrors } from './support/browser';
import { withShopAndBrowser } from './support/shop';

// A non-production gateway, so the CRM's development page /dev/cases is there to check.
const env = withShopAndBrowser({ services: true, environment: 'test' });

const openContactPage = async () => {
  const page = await (await env.browser.newContext()).newPage();
  await page.goto(env.shop.url('vanityfair', '/customer-service/contact'));
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.waitFor();
  return { page, form };
};
/** A control by its accessible name (the required marker is hidden from it). */
const field = (form: Locator, label: string) =>
  form.getByRole(['Country', 'Topic'].includes(label) ? 'combobox' : 'textbox', { name: label, exact: true });
const invalid = (form: Locator, label: string) => field(form, label).getAttribute('aria-invalid');
/** The texts the field's aria-describedby points at: its hint and its error. */
const description = (page: Page, form: Locator, label: string) =>
  field(form, label).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

async function fillGoodMessage(form: Locator, message: string) {
  await field(form, 'First name').fill('Ada');
  await field(form, 'Last name').fill("O'Hara");
  await field(form, 'E-mail address').fill('ada@example.com');
  await field(form, 'Country').selectOption('CA');
  await field(form, 'Order number (optional)').fill('VF100123');
  await field(form, 'Topic').selectOption({ label: 'An order' });
  await field(form, 'Message').fill(message);
}

describe('the contact form on /customer-service/contact', () => {
  it('shows an error next to each missing field and focuses the summary, with no serious accessibility violations', async () => {
    const { page, form } = await openContactPage();
    await form.getByRole('button', { name: 'Send message' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following' });
    await summary.waitFor();
    await expect(isFocused(summary)).resolves.toBe(true);
    for (const label of ['First name', 'Last name', 'E-mail address', 'Topic', 'Message']) {
      await expect(invalid(form, label)).resolves.toBe('true');
    }
    await expect(description(page, form, 'First name')).resolves.toContain('Enter your first name.');
    await expect(invalid(form, 'Phone (optional)')).resolves.toBeNull();
    await expect(invalid(form, 'Country')).resolves.toBeNull();

    const results = await new AxeBuilder({ page: page as never }).include('.contact-form').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.close();
  });

  it('refuses a bad e-mail address at that field only', async () => {
    const { page, form } = await openContactPage();
    await fillGoodMessage(form, 'Where is my order? It has been a week.');
    await field(form, 'E-mail address').fill('ada-at-example.com');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('alert').filter({ hasText: 'E-mail address' }).waitFor();
    await expect(invalid(form, 'E-mail address')).resolves.toBe('true');
    await expect(description(page, form, 'E-mail address')).resolves.toContain(
      'Enter an e-mail address such as name@example.com.',
    );
    for (const label of ['First name', 'Last name', 'Topic', 'Message'])
      await expect(invalid(form, label)).resolves.toBeNull();
    await page.close();
  });

  it('sends a good message, shows its case number, and the case is on /dev/cases with its text escaped', async () => {
    const { page, form } = await openContactPage();
    const errors = collectPageErrors(page);
    const message = 'My order is late & the box said "fragile": is 3 < 5 days normal? <3';
    await fillGoodMessage(form, message);
    await form.getByRole('button', { name: 'Send message' }).click();
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you, we have your message' });
    await thanks.waitFor({ timeout: 30_000 });
    const caseNumber = (await thanks.getByTestId('case-number').textContent()) ?? '';
    expect(caseNumber).toMatch(/^\d{8}$/);
    expect(errors).toEqual([]);

    await page.goto(env.shop.url('vanityfair', '/dev/cases'));
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: caseNumber, exact: true }) });
    await row.waitFor();
    await expect(row.getByRole('cell', { name: "Ada O'Hara", exact: true }).count()).resolves.toBe(1);
    await expect(row.textContent()).resolves.toContain(message);
    await expect(row.textContent()).resolves.toContain('Order number: VF100123');
    // Sent as text, not markup: the page's HTML holds the escaped characters.
    const html = await page.evaluate(async () => (await fetch('/dev/cases')).text());
    expect(html).toContain('My order is late &amp; the box said &quot;fragile&quot;: is 3 &lt; 5 days normal? &lt;3');
    await page.close();
  });
});
