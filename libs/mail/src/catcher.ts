import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the catcher took, as its page and its JSON show it. */
export interface CaughtMail {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Files attached, without their content (`/messages/{id}/attachments/{n}` serves it). */
  attachments: Array<{ filename: string; contentType: string; size: number }>;
  /** The shop's own headers: which brand sent it, and which mail it is. */
  brand?: string;
  kind?: string;
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  /** What it caught, newest first; only the mail to `to` when given. */
  messages(to?: string): CaughtMail[];
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  smtpPort?: number;
  httpPort?: number;
  /** Loopback unless told: the page shows everyone's mail. */
  host?: string;
  /** How many mails it keeps, dropping the oldest. */
  keep?: number;
}

const MAX_MAIL_BYTES = 5 * 1024 * 1024;

/**
 * A local SMTP server that keeps what it is sent instead of delivering it, and a page to read it
 * (`/`, one mail at `/messages/{id}`, JSON at `/api/messages?to=`): `npm start` runs one in the
 * vendor services, and tests read the shop's mail from it. Nothing leaves the machine.
 */
export async function startMailCatcher({
  smtpPort = 0,
  httpPort = 0,
  host = '127.0.0.1',
  keep = 500,
}: MailCatcherOptions = {}): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  const files = new Map<number, Buffer[]>();
  let next = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: MAX_MAIL_BYTES,
    banner: 'Shop mail catcher: nothing is delivered',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const header = (name: string) => {
            const value = parsed.headers.get(name);
            return typeof value === 'string' ? value : undefined;
          };
          const id = next++;
          files.set(
            id,
            parsed.attachments.map((file) => file.content),
          );
          caught.unshift({
            id,
            receivedAt: new Date().toISOString(),
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? 'attachment',
              contentType: file.contentType,
              size: file.size,
            })),
            brand: header('x-shop-brand'),
            kind: header('x-shop-mail'),
          });
          for (const dropped of caught.splice(keep)) files.delete(dropped.id);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  const messages = (to?: string) => (to ? caught.filter((mail) => mail.to.includes(to.toLowerCase())) : [...caught]);
  const page = http.createServer((req, res) => viewer(req, res, messages, (id, n) => files.get(id)?.[n]));

  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    page.once('error', reject);
    page.listen(httpPort, host, () => resolve());
  });
  const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;
  return {
    smtpPort: portOf(smtp.server),
    httpPort: portOf(page),
    messages,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => page.close(() => resolve()));
    },
  };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The catcher's page: a list, one mail (its HTML in a frame without scripts, and its text), and JSON. */
function viewer(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  messages: (to?: string) => CaughtMail[],
  fileOf: (id: number, n: number) => Buffer | undefined,
) {
  const url = new URL(req.url ?? '/', 'http://catcher.invalid');
  const send = (status: number, type: string, body: string) => {
    res.writeHead(status, {
      'content-type': `${type}; charset=utf-8`,
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'",
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  };
  if (req.method !== 'GET') return send(405, 'text/plain', 'Only GET');
  if (url.pathname === '/api/messages') {
    const to = url.searchParams.get('to') ?? undefined;
    return send(200, 'application/json', JSON.stringify(messages(to)));
  }
  const attached = /^\/messages\/(\d{1,9})\/attachments\/(\d{1,3})$/.exec(url.pathname);
  if (attached) {
    const mail = messages().find((m) => m.id === Number(attached[1]));
    const file = fileOf(Number(attached[1]), Number(attached[2]));
    const about = mail?.attachments[Number(attached[2])];
    if (!file || !about) return send(404, 'text/plain', 'No such attachment');
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${about.filename.replace(/[^\w.-]/g, '_')}"`,
      'x-content-type-options': 'nosniff',
    });
    return void res.end(file);
  }
  const one = /^\/messages\/(\d{1,9})$/.exec(url.pathname);
  if (one) {
    const mail = messages().find((m) => m.id === Number(one[1]));
    if (!mail)
      return send(404, 'text/html', frame('Not found', '<p>There is no such mail. <a href="/">All mail</a></p>'));
    return send(
      200,
      'text/html',
      frame(
        mail.subject,
        `<p><a href="/">All mail</a></p>
<h1>${escape(mail.subject)}</h1>
<dl><dt>From</dt><dd>${escape(mail.from)}</dd><dt>To</dt><dd>${escape(mail.to.join(', '))}</dd><dt>Received</dt><dd>${escape(mail.receivedAt)}</dd></dl>
<h2>As HTML</h2>
<iframe title="The mail as HTML" sandbox srcdoc="${escape(mail.html)}" style="width:100%;height:60vh;border:1px solid #ccc"></iframe>
${mail.attachments.length ? `<h2>Attached</h2><ul>${mail.attachments.map((file, n) => `<li><a href="/messages/${mail.id}/attachments/${n}">${escape(file.filename)}</a> (${escape(file.contentType)}, ${file.size} bytes)</li>`).join('')}</ul>` : ''}
<h2>As text</h2>
<pre style="white-space:pre-wrap">${escape(mail.text)}</pre>`,
      ),
    );
  }
  if (url.pathname !== '/') return send(404, 'text/html', frame('Not found', '<p><a href="/">All mail</a></p>'));
  const rows = messages()
    .map(
      (mail) =>
        `<tr><td>${escape(mail.receivedAt)}</td><td>${escape(mail.to.join(', '))}</td><td><a href="/messages/${mail.id}">${escape(mail.subject || '(no subject)')}</a></td></tr>`,
    )
    .join('\n');
  return send(
    200,
    'text/html',
    frame(
      'Mail',
      `<h1>Mail the shop sent</h1>
<p>Caught here instead of delivered; the newest first, at most the last 500.</p>
${rows ? `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No mail yet.</p>'}`,
    ),
  );
}

const frame = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · mail catcher</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:1rem auto;max-width:60rem;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}dt{font-weight:600}dd{margin:0 0 .5rem}</style>
</head><body>${body}</body></html>`;
