import './size-chart.css';
import type { SizeCell, SizeTable } from '@shop/contracts/browser';
import { type Units, columnHeader, formatCell } from '../lib/units';

/** Numbers and ranges stay on one line ("12–14" never breaks at its dash); words wrap. */
const numeric = (cell: SizeCell | undefined) => (typeof cell === 'string' ? undefined : 'size-chart__number');

/** One size chart: a caption, a header cell per column, and each row headed by its size. */
export function SizeTableView({ table, units }: { table: SizeTable; units: Units }) {
  const [head, ...rest] = table.columns;
  return (
    <div className="size-chart">
      <table className="size-chart__table">
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column.key} scope="col">
                {columnHeader(column, units)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={String(row[head.key])}>
              <th scope="row" className={numeric(row[head.key])}>
                {formatCell(row[head.key], head, units)}
              </th>
              {rest.map((column) => (
                <td key={column.key} className={numeric(row[column.key])}>
                  {formatCell(row[column.key], column, units)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.note && <p className="size-chart__note">{table.note}</p>}
    </div>
  );
}
