/** SPEC §3: the communities identity verification (ID.me) confirms; each has its own discount. */
export const ID_VERIFICATION_GROUPS = [
  'alumni',
  'employee',
  'government',
  'medical',
  'military',
  'nurse',
  'responder',
  'student',
  'teacher',
] as const;
export type IdVerificationGroup = (typeof ID_VERIFICATION_GROUPS)[number];

/** How each group reads on the page. */
export const ID_VERIFICATION_GROUP_LABELS: Record<IdVerificationGroup, string> = {
  alumni: 'Alumni',
  employee: 'Employee',
  government: 'Government employee',
  medical: 'Medical professional',
  military: 'Military',
  nurse: 'Nurse',
  responder: 'First responder',
  student: 'Student',
  teacher: 'Teacher',
};

/** SPEC §2: where the provider sends the person back. */
export const ID_VERIFICATION_CALLBACK_PATH = '/api/idMe/callback';
/** Where the browser starts a verification (a link, not a fetch: it leaves for the provider). */
export const ID_VERIFICATION_START_PATH = '/api/idMe/start';
/** The query flag the callback adds to `returnTo` once a group is verified. */
export const ID_VERIFICATION_RESULT_PARAM = 'idme';
/** SPEC §3: every code the verification issues starts with this (the platform stores codes upper-cased). */
export const ID_VERIFICATION_CODE_PREFIX = 'IDME';
/** What each verified group takes off an order. */
export const ID_VERIFICATION_PERCENT_OFF = 10;

/** GET /api/idMe/status for the signed-in customer. */
export interface IdVerificationStatus {
  /** Whether the brand offers verification at all (flag idVerification). */
  available: boolean;
  group?: IdVerificationGroup;
  /** ISO 8601. */
  verifiedAt?: string;
  /** The customer's own code for the group: usable once, by this customer only. */
  code?: string;
}
