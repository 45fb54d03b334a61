import { safeCallbackUrl } from './safe-callback-url';

const origin = 'http://everwear.localhost:8080';

const OPEN_REDIRECTS = [
  'https://evil.example',
  'http://evil.example/account',
  '//evil.example',
  '///evil.example',
  '////evil.example/path',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '%5C%5Cevil.example',
  'http://everwear.localhost:8080@evil.example',
  'http://user:pass@everwear.localhost:8080/account',
  'https://everwear.localhost:8080.evil.example/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  'http://hoopcraft.localhost:8080/account',
  'https://everwear.localhost:8080/account',
  'http:evil.example',
  'http:/evil.example',
  '/%09/evil.example',
  '%252F%252Fevil.example',
  `/${'a'.repeat(3000)}`,
];

describe('safeCallbackUrl', () => {
  it.each(OPEN_REDIRECTS)('keeps %j on this origin', (payload) => {
    const result = safeCallbackUrl(payload, origin);
    const resolved = new URL(result, origin);
    expect(resolved.origin).toBe(origin);
    expect(result.startsWith('//')).toBe(false);
  });

  it('has at least 30 payloads', () => {
    expect(OPEN_REDIRECTS.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps same-origin paths, queries and fragments', () => {
    expect(safeCallbackUrl('/c/socks?q=crew#top', origin)).toBe('/c/socks?q=crew#top');
    expect(safeCallbackUrl(`${origin}/account/orders`, origin)).toBe('/account/orders');
    expect(safeCallbackUrl('account', origin)).toBe('/account');
  });

  it('falls back for anything that is not a string', () => {
    expect(safeCallbackUrl(undefined, origin)).toBe('/');
    expect(safeCallbackUrl(['/a'], origin)).toBe('/');
    expect(safeCallbackUrl('', origin, [], '/account')).toBe('/account');
  });

  it('allows another brand only when it is configured as trusted', () => {
    expect(safeCallbackUrl('http://hoopcraft.localhost:8080/cart', origin, ['http://hoopcraft.localhost:8080'])).toBe(
      'http://hoopcraft.localhost:8080/cart',
    );
  });
});
