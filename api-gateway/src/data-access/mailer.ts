import type { BrandCatalog } from '@shop/brands';
import type { BrandId } from '@shop/contracts';
import { type Mail, type MailBrand, type MailSender, createSmtpSender } from '@shop/mail';
import type { Logger } from '@shop/node-kit';
import type { BrandOrigins } from '../shared/brand-origins';
import type { JobQueue } from './job-queue';

export type { Mail } from '@shop/mail';

/** The shop's transactional mail, each in its brand's name, colours and origin. */
export interface Mailer {
  /**
   * Sends `mail` for the brand of `storeKey`. Through the job queue (`queuedMailer`) it resolves
   * once the mail is queued, and a `key` sends it once however often it is asked; straight over
   * SMTP it rejects when the server did not take it.
   */
  send(storeKey: string, mail: Mail, options?: { key?: string }): Promise<void>;
  close(): void;
}

/**
 * Mail through the job queue: the request that asks for a mail only queues it, and the `mail`
 * worker sends it over SMTP, trying again with backed-off retries while the relay refuses or is
 * away; a mail out of retries waits on the dead-letter list (ADR 0029).
 */
export function queuedMailer(queue: JobQueue, smtp: Mailer): Mailer {
  return {
    send: (storeKey, mail, options) => queue.send('mail', { storeKey, mail }, options?.key),
    close: () => smtp.close(),
  };
}

/** This instance takes mail jobs and sends them with `smtp`. */
export function startMailWorker(queue: JobQueue, smtp: Mailer): Promise<void> {
  return queue.work('mail', async (data) => {
    const { storeKey, mail } = data as { storeKey?: unknown; mail?: unknown };
    if (typeof storeKey !== 'string' || typeof mail !== 'object' || mail === null || !('kind' in mail))
      throw new Error('A mail job without a brand or a mail');
    await smtp.send(storeKey, mail as Mail);
  });
}

/** Sends over SMTP (SMTP_URL: a relay in production, the vendor services' catcher under `npm start`). */
export function createMailer({
  smtpUrl,
  catalog,
  origins,
  logger,
  sender = createSmtpSender(smtpUrl),
}: {
  smtpUrl: string;
  catalog: BrandCatalog;
  origins: Pick<BrandOrigins, 'canonical'>;
  logger: Logger;
  sender?: MailSender;
}): Mailer {
  const brandOf = (storeKey: string): MailBrand => {
    const brand = catalog.get(storeKey as BrandId);
    if (!brand) throw new Error(`No brand ${storeKey} to send mail for`);
    const { colors } = brand.config.theme;
    return {
      id: storeKey,
      name: brand.config.name,
      origin: origins.canonical(storeKey as BrandId),
      colors: {
        primary: colors.primary,
        onPrimary: colors.onPrimary,
        background: colors.background,
        surface: colors.surface,
        text: colors.text,
        muted: colors.muted,
        border: colors.border,
      },
    };
  };
  return {
    async send(storeKey, mail) {
      await sender.send(brandOf(storeKey), mail);
      logger.info('Mail sent', { brand: storeKey, mail: mail.kind });
    },
    close: () => sender.close(),
  };
}
