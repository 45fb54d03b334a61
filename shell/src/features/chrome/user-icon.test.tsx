import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { UserIcon } from './user-icon';

const session = { isLoggedIn: false, user: undefined as undefined | { firstname?: string } };
jest.mock('@shop/platform', () => ({ useSession: () => session }));

function Where() {
  const location = useLocation();
  const background = (location.state as { backgroundLocation?: { pathname: string } } | null)?.backgroundLocation;
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} over {background?.pathname ?? 'nothing'}
    </p>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <UserIcon />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('the header user icon (SPEC §2)', () => {
  it('sends a guest to sign in with the current page as callback, opening over that page', () => {
    session.isLoggedIn = false;
    renderAt('/p/some-bra?color=red');
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe(`/login?callbackUrl=${encodeURIComponent('/p/some-bra?color=red')}`);
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe(
      `/login?callbackUrl=${encodeURIComponent('/p/some-bra?color=red')} over /p/some-bra`,
    );
  });

  it('takes a signed-in shopper to the account, named after them', () => {
    session.isLoggedIn = true;
    session.user = { firstname: 'Ada' };
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Account of Ada' }).getAttribute('href')).toBe('/account');
  });
});
