import { fireEvent, screen, waitFor } from '@testing-library/react';
import { failure, fakeGateway, json, manager, renderAdmin, resultText } from '../../../testing/render';

const link = { url: 'https://hoopcraft.example/?preview=abc123', expiresAt: '2026-11-23T10:00:00.000Z' };

afterEach(() => Reflect.deleteProperty(navigator, 'clipboard'));

describe('preview links', () => {
  it('creates a link, shows when it expires, and copies it', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const calls = fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'POST /api/admin/brands/hoopcraft/preview-link': () => json(201, link),
    });
    renderAdmin('/admin/brands/hoopcraft/preview');
    fireEvent.click(await screen.findByRole('button', { name: 'Create a preview link' }));
    const field = (await screen.findByRole('textbox', { name: /^Preview link/ })) as HTMLInputElement;
    expect(field.value).toBe(link.url);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText('Expires Nov 23, 2026, 10:00 UTC.')).toBeTruthy();
    expect(calls.find((call) => call.route.endsWith('/preview-link'))?.headers.get('x-csrf-token')).toBe('staff-csrf');

    expect(await resultText()).toBe('A preview link for hoopcraft is ready. It expires Nov 23, 2026, 10:00 UTC.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByTestId('admin-result').textContent).toBe('The preview link is copied.'));
    expect(writeText).toHaveBeenCalledWith(link.url);
  });

  it('says when the browser would not copy, and selects the link instead of claiming it was copied', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'POST /api/admin/brands/hoopcraft/preview-link': () => json(201, link),
    });
    renderAdmin('/admin/brands/hoopcraft/preview');
    fireEvent.click(await screen.findByRole('button', { name: 'Create a preview link' }));
    await screen.findByRole('textbox', { name: /^Preview link/ });
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be copied/);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Preview link/ }));
    expect(screen.getByTestId('admin-result').textContent).not.toContain('copied');
  });

  it('shows no link when the gateway refused to make one', async () => {
    fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'POST /api/admin/brands/hoopcraft/preview-link': () => failure(503, 'UPSTREAM_UNAVAILABLE', 'Try later.'),
    });
    renderAdmin('/admin/brands/hoopcraft/preview');
    fireEvent.click(await screen.findByRole('button', { name: 'Create a preview link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No link was created: Try later.');
    expect(screen.queryByRole('textbox', { name: /^Preview link/ })).toBeNull();
  });

  it('leaves creating links to managers', async () => {
    fakeGateway({ 'GET /api/admin/session': () => json(200, manager) });
    renderAdmin('/admin/brands/everwear/preview');
    expect(await screen.findByText('Managers of everwear create preview links; ask one for a link.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /preview link/ })).toBeNull();
  });
});
