/**
 * The password policy's rules as the browser shows them while the shopper types (SPEC §7). The
 * server's check (`checkPassword` in @shop/node-kit) reads its limits from here, so the hints
 * and the policy cannot drift apart.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export interface PasswordRule {
  id: 'length' | 'not_common' | 'not_email';
  hint: string;
}

/** The hints shown under a new-password field; only `length` can be checked in the browser. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', hint: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters; spaces and any symbols are fine.` },
  { id: 'not_common', hint: 'Not a commonly used password or the shop’s name.' },
  { id: 'not_email', hint: 'Not built from your e-mail address.' },
];

/** Whether the length rule holds (counted in characters, as the server counts). */
export const passwordLengthOk = (password: string) => {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
};
