import nodemailer from 'nodemailer';
import { type MailBrand, senderOf } from './brand';
import { renderMail } from './render';
import type { Mail } from './templates/mails';

export interface MailSender {
  /** Renders `mail` for `brand` and hands it to the SMTP server; resolves once the server took it. */
  send(brand: MailBrand, mail: Mail): Promise<void>;
  close(): void;
}

/** How long a mail may take to reach the SMTP server, in all. */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends over SMTP (`smtp://` or `smtps://host:port`, user and password in the URL when the
 * server wants them) with nodemailer, reusing a small pool of connections.
 */
export function createSmtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 2,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(brand, mail) {
      const rendered = renderMail(brand, mail);
      await transport.sendMail({
        from: senderOf(brand),
        to: rendered.to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: { 'X-Shop-Brand': brand.id, 'X-Shop-Mail': mail.kind },
        attachments: attachmentsOf(mail),
      });
    },
    close: () => transport.close(),
  };
}

/** Files a mail carries: a return's label. */
function attachmentsOf(mail: Mail) {
  if (mail.kind !== 'return-started') return [];
  return [
    { filename: `return-label-${mail.returnId}.pdf`, content: Buffer.from(mail.label), contentType: 'application/pdf' },
  ];
}
