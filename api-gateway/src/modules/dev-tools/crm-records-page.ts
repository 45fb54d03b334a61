import escape from 'escape-html';
import type { CaseRecord, LeadRecord } from '../../clients/crm';

/** Every value on the page goes through this: records hold whatever shoppers typed. */
export const escapeHtml = (value: unknown) => escape(value === null || value === undefined ? '' : String(value));

type Column<T> = [heading: string, value: (row: T) => unknown, className?: string];

const CASE_COLUMNS: Array<Column<CaseRecord>> = [
  ['Case number', (c) => c.caseNumber],
  ['Created', (c) => c.createdAt],
  ['Name', (c) => c.name],
  ['E-mail', (c) => c.email],
  ['Phone', (c) => c.phone],
  ['Subject', (c) => c.subject],
  ['Description', (c) => c.description, 'text'],
  ['Country', (c) => c.country],
  ['Order number', (c) => c.orderNumber],
  ['Origin / type', (c) => [c.origin, c.type].filter(Boolean).join(' / ')],
  ['Team / division', (c) => [c.team, c.division].filter(Boolean).join(' / ')],
  ['Website', (c) => c.website],
];
const LEAD_COLUMNS: Array<Column<LeadRecord>> = [
  ['Created', (l) => l.createdAt],
  ['E-mail', (l) => l.email],
  ['First name', (l) => l.firstName],
  ['Last name', (l) => l.lastName],
  ['Source', (l) => l.source],
  ['Opt-in', (l) => l.optInKey],
  ['Placement', (l) => l.placement],
  ['Signups', (l) => l.submissions],
];

function table<T>(caption: string, columns: Array<Column<T>>, rows: T[], empty: string): string {
  if (rows.length === 0) return `<p>${escapeHtml(empty)}</p>`;
  const head = columns.map(([heading]) => `<th scope="col">${escapeHtml(heading)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${columns.map(([, value, className]) => `<td${className ? ` class="${className}"` : ''}>${escapeHtml(value(row))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The development page listing what the contact form and e-mail signups sent to the CRM. */
export function renderCrmRecordsPage(data: {
  cases: { total: number; cases: CaseRecord[] };
  leads: { total: number; leads: LeadRecord[] };
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="robots" content="noindex" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>CRM cases and leads (development)</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1d1d1f; }
table { border-collapse: collapse; margin-bottom: 2rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { border: 1px solid #c9c9cf; padding: 0.3rem 0.5rem; vertical-align: top; text-align: left; }
td.text { white-space: pre-wrap; max-width: 36rem; }
</style>
</head>
<body>
<main>
<h1>CRM cases and leads</h1>
<p>What the contact form and e-mail signups filed with the CRM, newest first. Development only.</p>
<h2>Cases (${data.cases.total})</h2>
${table(`Newest ${data.cases.cases.length} of ${data.cases.total} cases`, CASE_COLUMNS, data.cases.cases, 'No cases yet.')}
<h2>Leads (${data.leads.total})</h2>
${table(`Newest ${data.leads.leads.length} of ${data.leads.total} leads`, LEAD_COLUMNS, data.leads.leads, 'No leads yet.')}
</main>
</body>
</html>
`;
}
