/**
 * Password rules after OWASP ASVS (v4 2.1 / v5 6.2): at least 8 characters, at most 128 (so
 * passphrases fit), any characters, no composition rules, and not a commonly used password or
 * one built from the account's own e-mail or the brand's name.
 */
import { PASSWORD_MAX, PASSWORD_MIN } from '@shop/contracts/browser';

// The limits live in the contracts, where the browser's hints read them too.
export { PASSWORD_MAX, PASSWORD_MIN };

const COMMON = new Set(
  `password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pass1234 12345678 123456789 1234567890
  12341234 11111111 00000000 88888888 87654321 123123123 qwertyui qwerty123 qwertyuiop 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx
  asdfghjk asdfasdf zxcvbnm1 abcd1234 abc12345 iloveyou iloveyou1 sunshine sunshine1 princess princess1 football football1
  baseball baseball1 basketball superman batman123 trustno1 letmein1 welcome1 welcome123 dragon12 monkey123 shadow12
  master12 michael1 jennifer jordan23 charlie1 computer internet starwars whatever freedom1 mustang1 liverpool chelsea1
  arsenal1 qwerty12 changeme changeme1 default1 administrator admin123 admin1234 secret12 secret123 letmein123 hello123
  flower12 summer2024 summer2025 summer2026 winter2024 winter2025 winter2026 spring2025 autumn2025 fall2025 october1
  december1 january1 lovely12 loveme12 butterfly1 cheese12 pokemon1 samsung1 google123 chocolate cookie12 ginger12
  hannah12 jessica1 matthew1 daniel12 andrew12 joshua12 thomas12 soccer12 hockey12 tennis12 yankees1 cowboys1 eagles12
  steelers lakers24 warriors bulldogs tigers12 blessed1 jesus123 heaven12 angel123 money123 cash1234 bitcoin1 shopping
  shopping1 fashion1 lingerie underwear sportsbra basketball1 hoopcraft vanityfair everwear rallyathletic`
    .split(/\s+/)
    .filter(Boolean),
);

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'contains_email';

export function checkPassword(
  password: unknown,
  context: { email?: string; brand?: string } = {},
): PasswordProblem | undefined {
  if (typeof password !== 'string' || [...password].length < PASSWORD_MIN) return 'too_short';
  if ([...password].length > PASSWORD_MAX) return 'too_long';
  const folded = password.normalize('NFKC').toLowerCase();
  const stripped = folded.replace(/[^a-z0-9]/g, '');
  if (COMMON.has(folded) || COMMON.has(stripped) || COMMON.has(stripped.replace(/\d+$/, '')) || /^(.)\1+$/.test(folded))
    return 'common';
  if (context.brand && stripped.replace(/\d+$/, '') === context.brand.toLowerCase()) return 'common';
  const local = context.email
    ?.split('@')[0]
    ?.toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (local && local.length >= 4 && stripped.includes(local)) return 'contains_email';
  return undefined;
}

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Use at least ${PASSWORD_MIN} characters.`,
  too_long: `Use at most ${PASSWORD_MAX} characters.`,
  common: 'This password is too common. Choose one that is harder to guess.',
  contains_email: 'Do not use your e-mail address in your password.',
};
