import { CONTACT_COUNTRY_LABELS, type ContactRequest, type ContactTopic } from '@shop/contracts';
import type { BrandCase, BrandCrmConfig, CrmClient } from '../../clients/crm';

/** Case subjects by topic, as the customer-care team sorts them. */
const SUBJECTS: Record<ContactTopic, string> = {
  order: 'Question about an order',
  product: 'Question about a product',
  returns: 'Returns and exchanges',
  account: 'Help with an account',
  website: 'Website feedback',
  other: 'General enquiry',
};

/** The contact form as a web-to-case record: subject from the topic, the facts the team needs under the message. */
export function caseFromContact(
  input: Omit<ContactRequest, 'captchaToken'>,
  crm: BrandCrmConfig,
  correlationId?: string,
): BrandCase {
  const facts = [
    ...(input.orderNumber ? [`Order number: ${input.orderNumber}`] : []),
    `Country: ${CONTACT_COUNTRY_LABELS[input.country]} (${input.country})`,
  ];
  return {
    crm,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    subject: SUBJECTS[input.topic],
    description: `${input.message}\n\n${facts.join('\n')}`,
    country: input.country,
    orderNumber: input.orderNumber,
    topic: input.topic,
    correlationId,
  };
}

/** Files the shopper's message as a case with the brand's CRM settings. */
export function submitContactCase(
  input: Omit<ContactRequest, 'captchaToken'>,
  crm: BrandCrmConfig,
  deps: { crm: CrmClient; correlationId?: string },
) {
  return deps.crm.submitCase(caseFromContact(input, crm, deps.correlationId));
}
