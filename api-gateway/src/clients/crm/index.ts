import type { BrandConfig } from '@shop/brands';
import type { Logger } from '@shop/node-kit';
import {
  UPSTREAM_TIMEOUTS,
  UpstreamFault,
  type UpstreamGuard,
  createUpstreamGuard,
  upstreamFetch,
} from '../upstream-guard';

/** A brand's SPEC §3 web-to-case and lead settings. */
export type BrandCrmConfig = BrandConfig['crm'];

/** A customer-service case as the shop sees it; the brand's settings say where and how it is filed. */
export interface BrandCase {
  crm: BrandCrmConfig;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  subject: string;
  description: string;
  country: string;
  orderNumber?: string;
  topic: string;
  correlationId?: string;
}

/** An e-mail signup; without a last name the brand's placeholder is sent. */
export interface Lead {
  crm: BrandCrmConfig;
  email: string;
  firstName?: string;
  lastName?: string;
  /** Where the shopper signed up (modal, footer), kept with the lead. */
  placement?: string;
  correlationId?: string;
}

export interface CaseRecord {
  id: string;
  caseNumber: string;
  name: string | null;
  email: string;
  phone: string | null;
  subject: string;
  description: string;
  origin: string | null;
  type: string | null;
  team: string | null;
  division: string | null;
  website: string | null;
  country: string | null;
  orderNumber: string | null;
  topic: string | null;
  createdAt: string;
}

export interface LeadRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string;
  source: string | null;
  optInKey: string;
  placement: string | null;
  submissions: number;
  createdAt: string;
}

/**
 * The CRM answered, but refused or garbled the request: a 502. An outage (unreachable, 5xx,
 * too slow) is an UpstreamUnavailableError instead, answered as 503 with Retry-After.
 */
export class CrmRequestError extends Error {
  readonly status = 502;
  readonly code = 'CRM_FAILED';
  constructor(message: string) {
    super(message);
    this.name = 'CrmRequestError';
  }
}

export interface CrmClientOptions {
  /** Base URL: the local stand-in, or https://webto.salesforce.com for a Salesforce org. */
  url: string;
  /** Shared secret, sent as a bearer token; the stand-in's read endpoints require it. */
  apiKey: string;
  logger: Logger;
  /** The CRM's breaker. */
  guard?: UpstreamGuard;
}

/** Custom fields (Salesforce API names) the web-to-case and web-to-lead forms carry besides the standard ones. */
const CASE_FIELDS = {
  team: 'Team__c',
  division: 'Division__c',
  website: 'Website__c',
  country: 'Country__c',
  orderNumber: 'Order_Number__c',
  topic: 'Topic__c',
} as const;
const LEAD_FIELDS = { placement: 'Signup_Placement__c', configPage: 'Signup_Page__c' } as const;

type Raw = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);

function caseForm(brandCase: BrandCase): URLSearchParams {
  const settings = brandCase.crm.webToCase;
  const form = new URLSearchParams({
    orgid: settings.orgId,
    recordType: settings.recordTypeId,
    name: `${brandCase.firstName} ${brandCase.lastName}`,
    email: brandCase.email,
    subject: brandCase.subject,
    description: brandCase.description,
    origin: settings.origin,
    type: settings.type,
    [CASE_FIELDS.team]: settings.team,
    [CASE_FIELDS.division]: settings.division,
    [CASE_FIELDS.website]: settings.website,
    [CASE_FIELDS.country]: brandCase.country,
    [CASE_FIELDS.topic]: brandCase.topic,
  });
  if (brandCase.phone) form.set('phone', brandCase.phone);
  if (brandCase.orderNumber) form.set(CASE_FIELDS.orderNumber, brandCase.orderNumber);
  return form;
}

function leadForm(lead: Lead): URLSearchParams {
  const settings = lead.crm.lead;
  const form = new URLSearchParams({
    oid: lead.crm.webToCase.orgId,
    email: lead.email,
    last_name: lead.lastName || settings.lastNamePlaceholder,
    lead_source: settings.source,
    [`${settings.optInKey}__c`]: '1',
    [LEAD_FIELDS.configPage]: settings.configPageName,
  });
  if (lead.firstName) form.set('first_name', lead.firstName);
  if (lead.placement) form.set(LEAD_FIELDS.placement, lead.placement);
  return form;
}

/** Salesforce answers a web-to-case post with a page, not the case; the stand-in reports its number. */
const reshapeSubmittedCase = (body: Raw | undefined): { caseNumber: string | null } => ({
  caseNumber: text(body?.caseNumber),
});

function reshapeSubmittedLead(body: Raw | undefined): { id: string; created: boolean } {
  if (typeof body?.id !== 'string' || typeof body.created !== 'boolean')
    throw new CrmRequestError('The CRM answered a signup unexpectedly.');
  return { id: body.id, created: body.created };
}

function reshapeCase(raw: Raw): CaseRecord {
  const custom = (raw.custom ?? {}) as Raw;
  return {
    id: String(raw.id),
    caseNumber: String(raw.caseNumber),
    name: text(raw.name),
    email: String(raw.email),
    phone: text(raw.phone),
    subject: String(raw.subject),
    description: String(raw.description),
    origin: text(raw.origin),
    type: text(raw.type),
    team: text(custom[CASE_FIELDS.team]),
    division: text(custom[CASE_FIELDS.division]),
    website: text(custom[CASE_FIELDS.website]),
    country: text(custom[CASE_FIELDS.country]),
    orderNumber: text(custom[CASE_FIELDS.orderNumber]),
    topic: text(custom[CASE_FIELDS.topic]),
    createdAt: String(raw.createdAt),
  };
}

function reshapeLead(raw: Raw): LeadRecord {
  const custom = (raw.custom ?? {}) as Raw;
  return {
    id: String(raw.id),
    email: String(raw.email),
    firstName: text(raw.firstName),
    lastName: String(raw.lastName),
    source: text(raw.leadSource),
    optInKey: String(raw.optInKey),
    placement: text(custom[LEAD_FIELDS.placement]),
    submissions: Number(raw.submissions ?? 1),
    createdAt: String(raw.createdAt),
  };
}

/**
 * The CRM behind the contact form and e-mail signup: Salesforce-style web-to-case and
 * web-to-lead form posts, so the local stand-in and a real org are interchangeable by CRM_URL.
 * Refusals become CrmRequestError (logged here without the shopper's text), outages an
 * UpstreamUnavailableError; nothing is retried, since a retried post could file a case twice.
 */
export function createCrmClient({ url, apiKey, logger, guard = createUpstreamGuard('crm', logger) }: CrmClientOptions) {
  const base = url.replace(/\/$/, '');

  const call = (path: string, init: RequestInit, correlationId: string | undefined): Promise<Raw | undefined> =>
    guard.run(() =>
      // Filing a case or lead is a write: the longer deadline, so a slow CRM is not asked twice by an impatient retry.
      guard.within(init.method === 'POST' ? UPSTREAM_TIMEOUTS.writeMs : UPSTREAM_TIMEOUTS.readMs, async (signal) => {
        const response = await upstreamFetch(
          `${base}${path}`,
          {
            ...init,
            headers: {
              ...(init.headers as Record<string, string>),
              authorization: `Bearer ${apiKey}`,
              ...(correlationId ? { 'x-correlation-id': correlationId } : {}),
            },
            signal,
          },
          'The CRM',
        );
        const body = (await response.json().catch(() => undefined)) as Raw | undefined;
        if (response.ok) return body;
        const detail = (body?.error ?? {}) as Raw;
        logger.error('CRM request failed', {
          correlationId,
          path: path.split('?')[0],
          status: response.status,
          code: detail.code,
          field: detail.field,
          message: detail.message,
        });
        if (response.status >= 500) throw new UpstreamFault(`The CRM answered ${response.status}.`);
        throw new CrmRequestError('The CRM refused the request.');
      }),
    );
  const post = (path: string, form: URLSearchParams, correlationId?: string) =>
    call(
      path,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      correlationId,
    );
  const list = async (path: string, limit: number) => {
    const body = await call(
      `${path}?limit=${Math.max(1, Math.min(200, Math.trunc(limit)))}`,
      { method: 'GET' },
      undefined,
    );
    return body ?? {};
  };

  return {
    /** Files a case through the brand's web-to-case form action; resolves to its number when the CRM tells it. */
    async submitCase(brandCase: BrandCase): Promise<{ caseNumber: string | null }> {
      return reshapeSubmittedCase(
        await post(brandCase.crm.webToCase.action, caseForm(brandCase), brandCase.correlationId),
      );
    },
    /** Records a signup; a repeat signup for the same opt-in and e-mail reports `created: false`. */
    async submitLead(lead: Lead): Promise<{ id: string; created: boolean }> {
      return reshapeSubmittedLead(
        await post('/servlet/servlet.WebToLead?encoding=UTF-8', leadForm(lead), lead.correlationId),
      );
    },
    /** Newest first (development: only the local stand-in can list). */
    async listCases(limit: number): Promise<{ total: number; cases: CaseRecord[] }> {
      const body = await list('/cases', limit);
      return { total: Number(body.total ?? 0), cases: ((body.cases ?? []) as Raw[]).map(reshapeCase) };
    },
    async listLeads(limit: number): Promise<{ total: number; leads: LeadRecord[] }> {
      const body = await list('/leads', limit);
      return { total: Number(body.total ?? 0), leads: ((body.leads ?? []) as Raw[]).map(reshapeLead) };
    },
  };
}
export type CrmClient = ReturnType<typeof createCrmClient>;
