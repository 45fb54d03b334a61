/** SPEC §9: the e-mail signup cookie lasts 30 days and the modal opens after 5000 ms. */
export const EMAIL_SIGNUP_COOKIE = 'shop_email_signup';
export const EMAIL_SIGNUP_COOKIE_DAYS = 30;
export const EMAIL_SIGNUP_MODAL_DELAY_MS = 5000;

/** SPEC §9: signup codes are valid 30 days, brand-prefixed WELCOME-{month}{day}-{random}. */
export const WELCOME_CODE_VALID_DAYS = 30;
export const WELCOME_CODE_PATTERN = /^[A-Z]{2,4}-WELCOME-(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-[0-9A-HJKMNP-TV-Z]{6}$/;
export const EMAIL_SIGNUP_PLACEMENTS = ['modal', 'footer'] as const;
