import { randomUUID } from 'node:crypto';
import type { Db } from '@shop/node-kit/db';
import type { CaseForm, LeadForm } from './salesforce-forms';

export interface CrmCase {
  id: string;
  caseNumber: string;
  orgId: string;
  recordTypeId: string | null;
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  subject: string;
  description: string;
  origin: string | null;
  type: string | null;
  reason: string | null;
  priority: string | null;
  custom: Record<string, string>;
  createdAt: string;
}

export interface CrmLead {
  id: string;
  orgId: string;
  optInKey: string;
  email: string;
  firstName: string | null;
  lastName: string;
  company: string | null;
  phone: string | null;
  leadSource: string | null;
  recordTypeId: string | null;
  custom: Record<string, string>;
  submissions: number;
  createdAt: string;
  lastSubmittedAt: string;
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>;

const CASE_COLUMNS = `id, case_number, org_id, record_type_id, name, email, phone, company, subject, description,
  origin, type, reason, priority, custom, created_at`;
const LEAD_COLUMNS = `id, org_id, opt_in_key, email, first_name, last_name, company, phone, lead_source, record_type_id,
  custom, submissions, created_at, last_submitted_at`;

/** Cases and leads in the CRM's own tables; newest first by insertion order. */
export function crmRepository(db: () => Promise<Db>) {
  /** A table's newest rows (the tables and columns are constants above, never input) and its size. */
  const newest = async (table: 'crm_cases' | 'crm_leads', columns: string, limit: number) => {
    const database = await db();
    const rows = await database.query(`SELECT ${columns} FROM ${table} ORDER BY row_no DESC LIMIT $1`, [limit]);
    const [{ total }] = await database.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${table}`);
    return { rows, total };
  };
  return {
    /** Stores a case and gives it the next case number, zero-padded to eight digits as Salesforce shows them. */
    async insertCase(form: CaseForm, custom: Record<string, string>): Promise<{ id: string; caseNumber: string }> {
      const id = randomUUID();
      const [row] = await (
        await db()
      ).query<{ case_number: string }>(
        `INSERT INTO crm_cases (id, case_number, org_id, record_type_id, name, email, phone, company, subject, description, origin, type, reason, priority, custom)
         VALUES ($1, lpad(nextval('crm_case_number_seq')::text, 8, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb)
         RETURNING case_number`,
        [
          id,
          form.orgid,
          form.recordType ?? null,
          form.name ?? null,
          form.email,
          form.phone ?? null,
          form.company ?? null,
          form.subject,
          form.description,
          form.origin ?? null,
          form.type ?? null,
          form.reason ?? null,
          form.priority ?? null,
          JSON.stringify(custom),
        ],
      );
      return { id, caseNumber: row.case_number };
    },

    /**
     * One lead per opt-in and e-mail address (case-insensitive): a repeated signup keeps the first
     * record as it was and only counts the submission.
     */
    async upsertLead(
      form: LeadForm,
      optInKey: string,
      custom: Record<string, string>,
    ): Promise<{ id: string; created: boolean }> {
      const database = await db();
      const inserted = await database.query<{ id: string }>(
        `INSERT INTO crm_leads (id, org_id, opt_in_key, email_lower, email, first_name, last_name, company, phone, lead_source, record_type_id, custom)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)
         ON CONFLICT (opt_in_key, email_lower) DO NOTHING RETURNING id`,
        [
          randomUUID(),
          form.oid,
          optInKey,
          form.email.toLowerCase(),
          form.email,
          form.first_name ?? null,
          form.last_name,
          form.company ?? null,
          form.phone ?? null,
          form.lead_source ?? null,
          form.recordType ?? null,
          JSON.stringify(custom),
        ],
      );
      if (inserted.length) return { id: inserted[0].id, created: true };
      const [existing] = await database.query<{ id: string }>(
        `UPDATE crm_leads SET submissions = submissions + 1, last_submitted_at = now()
         WHERE opt_in_key = $1 AND email_lower = $2 RETURNING id`,
        [optInKey, form.email.toLowerCase()],
      );
      return { id: existing.id, created: false };
    },

    async listCases(limit: number): Promise<{ total: number; cases: CrmCase[] }> {
      const { rows, total } = await newest('crm_cases', CASE_COLUMNS, limit);
      return {
        total,
        cases: rows.map((row) => ({
          id: String(row.id),
          caseNumber: row.case_number as string,
          orgId: row.org_id as string,
          recordTypeId: row.record_type_id as string | null,
          name: row.name as string | null,
          email: row.email as string,
          phone: row.phone as string | null,
          company: row.company as string | null,
          subject: row.subject as string,
          description: row.description as string,
          origin: row.origin as string | null,
          type: row.type as string | null,
          reason: row.reason as string | null,
          priority: row.priority as string | null,
          custom: json(row.custom),
          createdAt: iso(row.created_at),
        })),
      };
    },

    async listLeads(limit: number): Promise<{ total: number; leads: CrmLead[] }> {
      const { rows, total } = await newest('crm_leads', LEAD_COLUMNS, limit);
      return {
        total,
        leads: rows.map((row) => ({
          id: String(row.id),
          orgId: row.org_id as string,
          optInKey: row.opt_in_key as string,
          email: row.email as string,
          firstName: row.first_name as string | null,
          lastName: row.last_name as string,
          company: row.company as string | null,
          phone: row.phone as string | null,
          leadSource: row.lead_source as string | null,
          recordTypeId: row.record_type_id as string | null,
          custom: json(row.custom),
          submissions: Number(row.submissions),
          createdAt: iso(row.created_at),
          lastSubmittedAt: iso(row.last_submitted_at),
        })),
      };
    },
  };
}
export type CrmRepository = ReturnType<typeof crmRepository>;
