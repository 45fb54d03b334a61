import type { MailBrand } from './brand';

/** A brand to render mail for in tests: Vanity Fair's name and colours at `origin`. */
export function testMailBrand(origin = 'https://vanityfair.example'): MailBrand {
  return {
    id: 'vanityfair',
    name: 'Vanity Fair',
    origin,
    colors: {
      primary: '#6b1f4f',
      onPrimary: '#ffffff',
      background: '#fdf4f5',
      surface: '#ffffff',
      text: '#2b1a24',
      muted: '#73606b',
      border: '#ecd9de',
    },
  };
}
