import type { IdVerificationStatus } from '@shop/contracts/browser';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShop } from '../../../testing/render';
import { IdVerificationPanel } from './id-verification-panel';

/** The gateway's GET /api/idMe/status, answering `status` (or failing with `failWith`). */
function gatewayAnswering(status: IdVerificationStatus | { failWith: number }) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    calls.push(path);
    if (path !== '/api/idMe/status') return new Response(null, { status: 404 });
    if ('failWith' in status)
      return Response.json(
        { error: { code: 'UPSTREAM_FAILED', message: 'down', correlationId: 'c' } },
        { status: status.failWith },
      );
    return Response.json(status);
  }) as typeof fetch;
  return calls;
}

describe('IdVerificationPanel', () => {
  it('is absent where the brand has the idVerification flag off, and asks nothing of the gateway', () => {
    const calls = gatewayAnswering({ available: true });
    renderInShop(<IdVerificationPanel />, { flags: { idVerification: false } });
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Verify with ID.me' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('lists the groups and links "Verify with ID.me" to the start with the chosen group and the way back', async () => {
    gatewayAnswering({ available: true });
    renderInShop(<IdVerificationPanel />, { flags: { idVerification: true }, url: '/account' });
    expect(await screen.findByRole('heading', { name: 'Verified discounts' })).toBeTruthy();
    for (const group of ['Military', 'Student', 'Teacher', 'First responder', 'Nurse'])
      expect(screen.getByText(group, { selector: 'li' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(9);
    const link = screen.getByRole('link', { name: 'Verify with ID.me' });
    expect(link.getAttribute('href')).toBe('/api/idMe/start?group=military&returnTo=%2Faccount');
    fireEvent.change(screen.getByLabelText('Your group'), { target: { value: 'student' } });
    expect(link.getAttribute('href')).toBe('/api/idMe/start?group=student&returnTo=%2Faccount');
    expect(screen.queryByText(/Your code/)).toBeNull();
  });

  it('shows the verified group and the code with a copy button and the bag hint, focused on return', async () => {
    gatewayAnswering({
      available: true,
      group: 'military',
      verifiedAt: '2026-11-23T18:00:00.000Z',
      code: 'IDME-MILITARY-7K2Q9M4X',
    });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderInShop(<IdVerificationPanel />, { flags: { idVerification: true }, url: '/account?idme=verified' });
    expect(await screen.findByText('Verified: Military on November 23, 2026.')).toBeTruthy();
    expect(screen.getByTestId('idme-code').textContent).toBe('IDME-MILITARY-7K2Q9M4X');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByText(/Verified: Military/).closest('[tabindex="-1"]')),
    );
    expect(screen.getByRole('link', { name: 'your bag' }).getAttribute('href')).toBe('/cart');
    expect(screen.getByLabelText('Verify another group')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy code' })));
    expect(writeText).toHaveBeenCalledWith('IDME-MILITARY-7K2Q9M4X');
    expect(await screen.findByText('Code IDME-MILITARY-7K2Q9M4X copied')).toBeTruthy();
  });

  it('says when the status cannot be loaded, and tries again on request', async () => {
    const calls = gatewayAnswering({ failWith: 503 });
    renderInShop(<IdVerificationPanel />, { flags: { idVerification: true } });
    expect((await screen.findByText(/We could not load your verification/)).closest('[role="alert"]')).toBeTruthy();
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });
});
