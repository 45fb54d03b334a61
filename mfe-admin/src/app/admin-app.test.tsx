import { fireEvent, screen, waitFor } from '@testing-library/react';
import { failure, fakeGateway, json, location, manager, renderAdmin, resultText } from '../testing/render';

const brands = { brands: [{ id: 'hoopcraft', name: 'Hoopcraft', role: 'manager' }] };

describe('the admin', () => {
  it('keeps its pages out of search engines while it shows', async () => {
    fakeGateway({ 'GET /api/admin/session': () => failure(401, 'STAFF_SESSION_REQUIRED', 'Sign in') });
    const view = renderAdmin('/admin');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    view.unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('signs out with the staff token and shows the sign-in again only once the gateway ended the session', async () => {
    let ended = false;
    const calls = fakeGateway({
      'GET /api/admin/session': () => (ended ? failure(401, 'STAFF_SESSION_REQUIRED', 'Sign in') : json(200, manager)),
      'GET /api/admin/brands': () => json(200, brands),
      'DELETE /api/admin/session': () => {
        ended = true;
        return json(204, null);
      },
    });
    renderAdmin('/admin');
    await screen.findByRole('link', { name: 'Hoopcraft' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await resultText()).toBe('Signed out.');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(calls.find((call) => call.route === 'DELETE /api/admin/session')?.headers.get('x-csrf-token')).toBe(
      'staff-csrf',
    );
  });

  it('stays signed in, and says so, when the sign-out fails', async () => {
    fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'GET /api/admin/brands': () => json(200, brands),
      'DELETE /api/admin/session': () => failure(503, 'UPSTREAM_UNAVAILABLE', 'Try again shortly.'),
    });
    renderAdmin('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are still signed in: Try again shortly.');
    expect(screen.getByText('Signed in as mia@shop.example')).toBeTruthy();
    expect(screen.getByTestId('admin-result').textContent).toBe('');
  });

  it('opens nothing of a brand the staff member has no role for, and explains an unknown address', async () => {
    const calls = fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'GET /api/admin/brands': () => json(200, brands),
    });
    const view = renderAdmin('/admin/brands/vanityfair/flags');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^You have no role for vanityfair/);
    expect(calls.some((call) => call.route.includes('/vanityfair/'))).toBe(false);
    view.unmount();

    renderAdmin('/admin/brands/hoopcraft/secrets');
    expect((await screen.findByText(/The admin has no such page/)).textContent).toContain('Choose a brand');
    fireEvent.click(screen.getByRole('link', { name: 'Choose a brand' }));
    await waitFor(() => expect(location.current).toBe('/admin'));
  });

  it('shows the sign-in when a request finds the session ended', async () => {
    let ended = false;
    fakeGateway({
      'GET /api/admin/session': () => (ended ? failure(401, 'STAFF_SESSION_REQUIRED', 'Sign in') : json(200, manager)),
      'GET /api/admin/brands': () => json(200, brands),
      'GET /api/admin/brands/hoopcraft/flags': () => {
        ended = true;
        return failure(401, 'STAFF_SESSION_REQUIRED', 'Sign in');
      },
    });
    renderAdmin('/admin/brands/hoopcraft/flags');
    await screen.findByRole('button', { name: 'Sign in' });
  });
});
