export { type MailBrand, senderOf } from './brand';
export { type RenderedMail, renderMail } from './render';
export { type MailSender, createSmtpSender } from './smtp-mailer';
export type { Mail, MailAddress, MailKind, MailLine } from './templates/mails';
