import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface CardTrace {
  where: string;
  needle: string;
}

/**
 * Where a shop's run wrote each of `strings` (card numbers, say): every log file of the gateway and
 * the services, the tracking log, every mail it sent (`mails`, read from the catcher before the
 * stop), and every row of every table of the commerce and vendor databases. Each string is looked
 * for as given and without its spaces. The shop must be stopped first (the embedded databases are
 * one process's at a time).
 */
export function scanShopData(
  dataDir: string,
  strings: string[],
  mails: Array<{ id: number; subject: string; html: string; text: string }> = [],
): { files: number; mails: number; tables: number; found: CardTrace[] } {
  const needles = [...new Set(strings.flatMap((value) => [value, value.replace(/\s/g, '')]))];
  const found: CardTrace[] = [];
  const logs = join(dataDir, 'logs');
  const files = [
    ...(existsSync(logs) ? readdirSync(logs).map((name) => join(logs, name)) : []),
    join(dataDir, 'tracking.log'),
  ].filter((file) => existsSync(file));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const needle of needles) if (text.includes(needle)) found.push({ where: file, needle });
  }
  for (const mail of mails) {
    const text = `${mail.subject}\n${mail.html}\n${mail.text}`;
    for (const needle of needles) if (text.includes(needle)) found.push({ where: `mail ${mail.id}`, needle });
  }
  const scan = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(__dirname, 'scan-databases.mjs'),
        JSON.stringify({ dirs: [join(dataDir, 'commerce-db'), join(dataDir, 'vendors-db')], needles }),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ),
  ) as { tables: number; found: Array<{ dir: string; table: string; needle: string }> };
  for (const trace of scan.found) found.push({ where: `${trace.dir} ${trace.table}`, needle: trace.needle });
  return { files: files.length, mails: mails.length, tables: scan.tables, found };
}
