import { toPlainText } from '@react-email/render';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailBrand } from './brand';
import { Layout } from './templates/layout';
import { type Mail, templateOf } from './templates/mails';

export interface RenderedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * A mail as it is sent: its subject, and its body as HTML and as plain text, in its brand's frame.
 * React Email's components, rendered to static markup at once (its own `render` streams through a
 * dynamic import, which nothing here needs); the text comes from the HTML, so both say the same.
 */
export function renderMail(brand: MailBrand, mail: Mail): RenderedMail {
  const { subject, preview, body } = templateOf(brand, mail);
  const html = `${DOCTYPE}${renderToStaticMarkup(
    <Layout brand={brand} preview={preview}>
      {body}
    </Layout>,
  )}`;
  return { to: mail.to, subject, html, text: toPlainText(html) };
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
