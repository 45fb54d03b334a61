import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MailBrand } from '../brand';

/** Every mail's frame: the brand's name as its header, the content, and a footer with the shop's address. */
export function Layout({ brand, preview, children }: { brand: MailBrand; preview: string; children: ReactNode }) {
  const { colors } = brand;
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.background, color: colors.text, fontFamily: FONT, margin: 0 }}>
        <Container style={{ maxWidth: 560, margin: '0 auto', padding: '24px 16px' }}>
          <Section style={{ backgroundColor: colors.primary, padding: '16px 24px' }}>
            <Link href={brand.origin} style={{ color: colors.onPrimary, fontSize: 22, fontWeight: 700 }}>
              {brand.name}
            </Link>
          </Section>
          <Section style={{ backgroundColor: colors.surface, padding: '8px 24px 24px' }}>{children}</Section>
          <Hr style={{ borderColor: colors.border }} />
          <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px' }}>
            {brand.name} · <Link href={brand.origin}>{new URL(brand.origin).host}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const FONT = 'Helvetica, Arial, sans-serif';

/** A paragraph of a mail. */
export function P({ children, muted, brand }: { children: ReactNode; muted?: boolean; brand: MailBrand }) {
  return (
    <Text style={{ fontSize: 15, lineHeight: '22px', color: muted ? brand.colors.muted : brand.colors.text }}>
      {children}
    </Text>
  );
}

/** The one thing a mail asks the shopper to do, as a button in the brand's colour. */
export function Action({ href, children, brand }: { href: string; children: ReactNode; brand: MailBrand }) {
  return (
    <Section style={{ padding: '12px 0 4px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: brand.colors.primary,
          color: brand.colors.onPrimary,
          padding: '12px 20px',
          fontSize: 15,
          fontWeight: 700,
          textDecoration: 'none',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}
