import type { SessionUser } from '../../sessions/session-token';

export interface CommerceCustomer {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

/** The SPEC §3 session user for a signed-in commerce customer. */
export const sessionUserFor = (customer: CommerceCustomer, extra: Partial<SessionUser> = {}): SessionUser => ({
  id: customer.id,
  userId: customer.id,
  email: customer.email,
  ...(customer.firstName ? { firstname: customer.firstName } : {}),
  ...(customer.lastName ? { lastname: customer.lastName } : {}),
  isLoggedIn: true,
  ...extra,
});
