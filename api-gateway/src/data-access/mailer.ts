import type { BrandCatalog } from '@shop/brands';
import type { BrandId } from '@shop/contracts';
import { type Mail, type MailBrand, type MailSender, createSmtpSender } from '@shop/mail';
import type { Logger } from '@shop/node-kit';
import type { BrandOrigins } from '../shared/brand-origins';

export type { Mail } from '@shop/mail';

/** The shop's transactional mail, each in its brand's name, colours and origin. */
export interface Mailer {
  /** Sends `mail` for the brand of `storeKey`; rejects when the SMTP server did not take it. */
  send(storeKey: string, mail: Mail): Promise<void>;
  close(): void;
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
