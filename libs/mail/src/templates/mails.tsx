import { Column } from '@react-email/column';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactElement } from 'react';
import type { MailBrand } from '../brand';
import { Action, P } from './layout';
import { dollars, longDate } from './money';

/** An order line as a mail lists it. */
export interface MailLine {
  name: string;
  quantity: number;
  /** The options chosen, e.g. "Band: 36, Cup: C". */
  details?: string;
  /** The line's total, in cents. */
  totalCents?: number;
}

export interface MailAddress {
  name: string;
  lines: string[];
}

/** Every transactional mail the shop sends, with what it says. */
export type Mail =
  | {
      kind: 'order-placed';
      to: string;
      orderNumber: string;
      /** Held for a fraud review before it ships: nothing is charged yet. */
      inReview: boolean;
      lines: MailLine[];
      totals: Array<{ label: string; cents: number }>;
      totalCents: number;
      shipTo: MailAddress;
      shippingMethod: string;
      payment: string;
      trackUrl: string;
    }
  | {
      kind: 'order-shipped';
      to: string;
      orderNumber: string;
      carrier: string;
      trackingNumber: string;
      /** The carrier's own tracking page, when the carrier has one that takes the number. */
      carrierUrl?: string;
      trackUrl: string;
      lines: MailLine[];
    }
  | {
      kind: 'order-delivered';
      to: string;
      orderNumber: string;
      deliveredAt: string;
      /** Where a return starts, for a brand that takes returns online; and until when. */
      returns?: { url: string; until: string };
      trackUrl: string;
    }
  | {
      kind: 'return-started';
      to: string;
      orderNumber: string;
      returnId: string;
      lines: MailLine[];
      refundCents: number;
      /** How soon the refund follows: as the carrier scans the parcel, or once it reaches the shop. */
      refundSpeed: 'fast' | 'standard';
      /** The label, a PDF: attached to the mail. */
      label: Uint8Array;
      /** The carrier's tracking number of the label. */
      trackingNumber: string;
      /** Where the order (and the label again) can be looked up. */
      trackUrl: string;
    }
  | {
      kind: 'refund-issued';
      to: string;
      orderNumber: string;
      returnId: string;
      lines: MailLine[];
      refundCents: number;
      /** The card it goes back to: "Visa ending in 4242". */
      payment?: string;
      trackUrl: string;
    }
  | { kind: 'password-reset'; to: string; resetUrl: string; validMinutes: number }
  | { kind: 'welcome-code'; to: string; code: string; percentOff: number; validUntil?: string }
  | { kind: 'subscribed'; to: string };

export type MailKind = Mail['kind'];

interface Template {
  subject: string;
  /** The line inboxes show after the subject. */
  preview: string;
  body: ReactElement;
}

/** The subject, preview line and body of a mail, in its brand's words and colours. */
export function templateOf(brand: MailBrand, mail: Mail): Template {
  switch (mail.kind) {
    case 'order-placed':
      return orderPlaced(brand, mail);
    case 'order-shipped':
      return orderShipped(brand, mail);
    case 'order-delivered':
      return orderDelivered(brand, mail);
    case 'return-started':
      return returnStarted(brand, mail);
    case 'refund-issued':
      return {
        subject: `${brand.name}: your refund for return ${mail.returnId}`,
        preview: `${dollars(mail.refundCents)} is on its way back to you.`,
        body: (
          <>
            <Heading as="h1" style={H1}>
              Your refund is on its way
            </Heading>
            <P brand={brand}>
              We have your return <strong>{mail.returnId}</strong> of order {mail.orderNumber}:
            </P>
            <Lines brand={brand} lines={mail.lines} />
            <P brand={brand}>
              We refunded <strong>{dollars(mail.refundCents)}</strong>
              {mail.payment ? ` to your ${mail.payment}` : ' to the card you paid with'}. Your bank shows it within 5 to
              10 business days.
            </P>
            <Action brand={brand} href={mail.trackUrl}>
              See your order
            </Action>
          </>
        ),
      };
    case 'password-reset':
      return {
        subject: `Reset your ${brand.name} password`,
        preview: `Use the link within ${mail.validMinutes} minutes.`,
        body: (
          <>
            <Heading as="h1" style={H1}>
              Choose a new password
            </Heading>
            <P brand={brand}>
              Someone, we hope you, asked to reset the password of your {brand.name} account. Use this link within{' '}
              {mail.validMinutes} minutes:
            </P>
            <Action brand={brand} href={mail.resetUrl}>
              Choose a new password
            </Action>
            <P brand={brand} muted>
              Or paste this address into your browser: {mail.resetUrl}
            </P>
            <P brand={brand} muted>
              If you did not ask for it, ignore this e-mail: your password stays as it is.
            </P>
          </>
        ),
      };
    case 'welcome-code': {
      const until = mail.validUntil ? `, valid until ${longDate(mail.validUntil)}` : '';
      return {
        subject: `Your ${brand.name} welcome code`,
        preview: `${mail.percentOff}% off one order with ${mail.code}.`,
        body: (
          <>
            <Heading as="h1" style={H1}>
              Welcome to {brand.name}
            </Heading>
            <P brand={brand}>Thanks for signing up for {brand.name} e-mails. Your welcome code is</P>
            <Text style={{ ...CODE, borderColor: brand.colors.primary, color: brand.colors.primary }}>{mail.code}</Text>
            <P brand={brand}>
              {mail.percentOff}% off one order{until}. Enter it in your bag or at checkout.
            </P>
            <Action brand={brand} href={brand.origin}>
              Shop {brand.name}
            </Action>
          </>
        ),
      };
    }
    case 'subscribed':
      return {
        subject: `You are signed up for ${brand.name} e-mails`,
        preview: 'We will write when there is something new.',
        body: (
          <>
            <Heading as="h1" style={H1}>
              You are signed up
            </Heading>
            <P brand={brand}>
              Thanks for signing up for {brand.name} e-mails. We will write when there is something new.
            </P>
          </>
        ),
      };
  }
}

function orderPlaced(brand: MailBrand, mail: Extract<Mail, { kind: 'order-placed' }>): Template {
  return {
    subject: `${brand.name}: order ${mail.orderNumber}`,
    preview: `Thank you for your order. Total ${dollars(mail.totalCents)}.`,
    body: (
      <>
        <Heading as="h1" style={H1}>
          Thank you for your order
        </Heading>
        <P brand={brand}>
          Order number: <strong>{mail.orderNumber}</strong>
        </P>
        <Lines brand={brand} lines={mail.lines} />
        <Section>
          {mail.totals.map((total) => (
            <Amount key={total.label} brand={brand} label={total.label} cents={total.cents} />
          ))}
          <Amount brand={brand} label="Total" cents={mail.totalCents} strong />
        </Section>
        <P brand={brand}>
          <strong>Shipping to</strong>
          <br />
          {mail.shipTo.name}
          {mail.shipTo.lines.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
          <br />
          {mail.shippingMethod}
        </P>
        <P brand={brand}>
          <strong>Paid with</strong> {mail.payment}
        </P>
        <P brand={brand}>
          {mail.inReview
            ? 'Your order is being reviewed before it ships. Your card has not been charged.'
            : 'Your card is charged when the order ships. We will e-mail you when it is on its way.'}
        </P>
        <Action brand={brand} href={mail.trackUrl}>
          Track your order
        </Action>
        <P brand={brand} muted>
          Track it with your order number and this e-mail address.
        </P>
      </>
    ),
  };
}

function orderShipped(brand: MailBrand, mail: Extract<Mail, { kind: 'order-shipped' }>): Template {
  return {
    subject: `${brand.name}: order ${mail.orderNumber} is on its way`,
    preview: `${mail.carrier} tracking number ${mail.trackingNumber}.`,
    body: (
      <>
        <Heading as="h1" style={H1}>
          Your order is on its way
        </Heading>
        <P brand={brand}>
          Order <strong>{mail.orderNumber}</strong> has left our warehouse with {mail.carrier}.
        </P>
        <P brand={brand}>
          Tracking number:{' '}
          {mail.carrierUrl ? (
            <Link href={mail.carrierUrl}>{mail.trackingNumber}</Link>
          ) : (
            <strong>{mail.trackingNumber}</strong>
          )}
        </P>
        <Lines brand={brand} lines={mail.lines} />
        <Action brand={brand} href={mail.carrierUrl ?? mail.trackUrl}>
          Track the parcel
        </Action>
        <P brand={brand} muted>
          Your card has now been charged. You can also follow the order at{' '}
          <Link href={mail.trackUrl}>{mail.trackUrl}</Link>.
        </P>
      </>
    ),
  };
}

function orderDelivered(brand: MailBrand, mail: Extract<Mail, { kind: 'order-delivered' }>): Template {
  return {
    subject: `${brand.name}: order ${mail.orderNumber} has arrived`,
    preview: `Delivered on ${longDate(mail.deliveredAt)}.`,
    body: (
      <>
        <Heading as="h1" style={H1}>
          Your order has arrived
        </Heading>
        <P brand={brand}>
          Order <strong>{mail.orderNumber}</strong> was delivered on {longDate(mail.deliveredAt)}.
        </P>
        {mail.returns ? (
          <>
            <P brand={brand}>
              Not quite right? You can return it until {longDate(mail.returns.until)}, with a free label.
            </P>
            <Action brand={brand} href={mail.returns.url}>
              Start a return
            </Action>
          </>
        ) : (
          <Action brand={brand} href={mail.trackUrl}>
            See your order
          </Action>
        )}
      </>
    ),
  };
}

function returnStarted(brand: MailBrand, mail: Extract<Mail, { kind: 'return-started' }>): Template {
  return {
    subject: `${brand.name}: your return ${mail.returnId} and its label`,
    preview: `Refund of ${dollars(mail.refundCents)} once the parcel is on its way back.`,
    body: (
      <>
        <Heading as="h1" style={H1}>
          Your return is ready to send
        </Heading>
        <P brand={brand}>
          Return <strong>{mail.returnId}</strong> of order {mail.orderNumber}:
        </P>
        <Lines brand={brand} lines={mail.lines} />
        <P brand={brand}>
          The return label is attached to this e-mail as a PDF. Print it, stick it on the parcel and hand it to the
          carrier (tracking number {mail.trackingNumber}).
        </P>
        <Action brand={brand} href={mail.trackUrl}>
          See your order and its returns
        </Action>
        <P brand={brand}>
          Your refund of <strong>{dollars(mail.refundCents)}</strong> goes back to your card{' '}
          {mail.refundSpeed === 'fast'
            ? 'as soon as the carrier scans the parcel.'
            : 'once the parcel reaches us, usually within 10 days of sending it.'}
        </P>
      </>
    ),
  };
}

function Lines({ brand, lines }: { brand: MailBrand; lines: MailLine[] }) {
  return (
    <Section
      style={{ borderTop: `1px solid ${brand.colors.border}`, borderBottom: `1px solid ${brand.colors.border}` }}
    >
      {lines.map((line, index) => (
        <Row key={`${line.name}-${index}`}>
          <Column style={{ padding: '6px 0', fontSize: 15 }}>
            {line.quantity} × {line.name}
            {line.details ? <span style={{ color: brand.colors.muted }}> ({line.details})</span> : null}
          </Column>
          {line.totalCents === undefined ? null : (
            <Column style={{ padding: '6px 0', fontSize: 15, textAlign: 'right', width: 90 }}>
              {dollars(line.totalCents)}
            </Column>
          )}
        </Row>
      ))}
    </Section>
  );
}

function Amount({ brand, label, cents, strong }: { brand: MailBrand; label: string; cents: number; strong?: boolean }) {
  const weight = strong ? 700 : 400;
  return (
    <Row>
      <Column style={{ padding: '2px 0', fontSize: 15, fontWeight: weight, color: brand.colors.text }}>{label}</Column>
      <Column style={{ padding: '2px 0', fontSize: 15, fontWeight: weight, textAlign: 'right', width: 110 }}>
        {dollars(cents)}
      </Column>
    </Row>
  );
}

const H1 = { fontSize: 24, lineHeight: '30px', margin: '16px 0 8px' };
const CODE = {
  display: 'inline-block',
  border: '2px dashed',
  padding: '8px 16px',
  fontSize: 22,
  fontWeight: 700,
  letterSpacing: 2,
};
