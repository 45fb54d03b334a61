import { Router } from 'express';
import type { SessionService } from '../../sessions/session-service';
import { DomainError } from '../../shared/domain-error';
import type { PreviewLinks } from './preview-links';

/**
 * /preview/{token} on a brand's site: a manager's preview link. It marks this browser's shopper
 * session as a previewer of the brand until the link expires (flags then see customerGroup
 * "previewers"), and sends the browser to the home page. A link for another brand, altered or
 * never issued is 400 PREVIEW_LINK_INVALID; an expired one 410 PREVIEW_LINK_EXPIRED.
 */
export function previewRoutes(links: PreviewLinks, sessions: SessionService): Router {
  const router = Router();
  router.get('/preview/:token', async (req, res) => {
    res.set({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    const verdict = links.verify(String(req.params.token), res.locals.brandId);
    if (!verdict.ok)
      throw verdict.reason === 'expired'
        ? new DomainError('PREVIEW_LINK_EXPIRED', 'This preview link has expired. Ask for a new one.')
        : new DomainError('PREVIEW_LINK_INVALID', 'This is not a preview link of this site.');
    await sessions.grantPreview(req, res, verdict.until);
    res.redirect(303, '/');
  });
  return router;
}
