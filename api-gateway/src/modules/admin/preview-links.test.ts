import { PREVIEW_LINK_MINUTES, previewLinks } from './preview-links';

describe('preview links', () => {
  let clock = 1_800_000_000_000;
  const links = previewLinks('test-auth-secret-0123456789abcdef0123456789', () => clock);

  it('opens a preview of its brand until the link expires, an hour on', () => {
    const { token, expiresAt } = links.issue('hoopcraft');
    expect(expiresAt).toBe(clock + PREVIEW_LINK_MINUTES * 60_000);
    expect(links.verify(token, 'hoopcraft')).toEqual({ ok: true, until: expiresAt });
  });

  it('refuses the link on another brand, and once expired', () => {
    const { token, expiresAt } = links.issue('hoopcraft');
    expect(links.verify(token, 'vanityfair')).toEqual({ ok: false, reason: 'invalid' });
    clock = expiresAt;
    expect(links.verify(token, 'hoopcraft')).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a forged, altered or malformed token, and one signed under another secret', () => {
    const { token } = links.issue('hoopcraft');
    const [brand, until, mac] = token.split('.');
    const later = String(Number(until) + 86_400_000);
    const other = previewLinks('another-secret-0123456789abcdef0123456789', () => clock).issue('hoopcraft').token;
    for (const forged of [
      `${brand}.${later}.${mac}`,
      `${brand}.${until}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      other,
      `${token}.x`,
      '',
      'hoopcraft',
      'x'.repeat(3000),
    ])
      expect(links.verify(forged, 'hoopcraft')).toEqual({ ok: false, reason: 'invalid' });
  });
});
