import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppDeps } from '../app-deps';
import { sessionHolds } from '../admin/staff-account';
import { staffAccountRepository } from '../admin/staff-account-repository';
import { createStaffSessions } from '../admin/staff-sessions';
import { totpSecretSeal } from '../admin/totp-secret-seal';

/** Whether a request may read build files the public may not (unreleased versions, lists, source maps). */
export type BuildAccess = (req: Request, res: Response) => Promise<boolean>;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The team's access to build files: the back office's bearer key (OPS_API_KEY, compared in
 * constant time), a shopper session a manager's preview link marked as previewing this brand,
 * or a staff session whose account still holds it (not disabled, not ended by a new password or
 * authenticator), as the admin checks it. Cheapest first; anything that cannot be checked
 * (commerce down) answers no.
 */
export function buildAccess(
  deps: Pick<AppDeps, 'config' | 'commerce' | 'revocations' | 'sessions' | 'logger'>,
): BuildAccess {
  const { config, commerce, revocations, sessions, logger } = deps;
  const opsKey = config.opsApiKey ? digest(config.opsApiKey) : undefined;
  const staffSessions = createStaffSessions(config.authSecret, revocations);
  const accounts = staffAccountRepository(commerce, totpSecretSeal(config.authSecret));
  return async (req, res) => {
    const bearer = /^Bearer (\S{1,512})$/.exec(req.get('authorization') ?? '');
    if (bearer && opsKey && timingSafeEqual(digest(bearer[1]), opsKey)) return true;
    try {
      const previewUntil = (await sessions.read(req))?.previewUntil;
      if (previewUntil && previewUntil > Date.now()) return true;
      const staff = await staffSessions.read(req);
      if (!staff) return false;
      const found = await accounts.read(staff.email, res.locals.correlationId);
      return Boolean(found && sessionHolds(found.account, staff.startedAtMs));
    } catch (error) {
      logger.warn('Build file access could not be checked; refused', { error: String(error) });
      return false;
    }
  };
}
