import '../../../catalog.css';
import { PageShell } from '@shop/ui';
import { UnitToggle } from './unit-toggle';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CM_PER_INCH } from '../fit-calculator';
import { ContentNotes } from '../../../components/content-notes';
import { SIZE_TABLES } from '../size-tables';

const format = (value: [number, number] | number, unit: 'in' | 'cm', column: string) => {
  // Ages are not lengths.
  const convert = (n: number) => (unit === 'cm' && column !== 'Ages' ? Math.round(n * CM_PER_INCH) : n);
  if (Array.isArray(value))
    return column === 'Ages' && value[1] >= 99 ? `${value[0]}+` : `${convert(value[0])}–${convert(value[1])}`;
  return String(convert(value));
};

/** /size-guide/{item}: the measurement table for an item type, in inches or centimetres. */
export default function SizeGuidePage() {
  const { item = '' } = useParams();
  const [unit, setUnit] = useState<'in' | 'cm'>('in');
  const table = SIZE_TABLES[item];
  if (!table) {
    return (
      <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="size-guide" title="Size guides">
        <ul>
          {Object.entries(SIZE_TABLES).map(([key, t]) => (
            <li key={key}>
              <Link to={`/size-guide/${key}`}>{t.title}</Link>
            </li>
          ))}
        </ul>
      </PageShell>
    );
  }
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="size-guide" title={`${table.title} size guide`}>
      <UnitToggle unit={unit} onChange={setUnit} />
      <table className="size-table">
        <caption>
          {table.title} measurements in {unit === 'in' ? 'inches' : 'centimetres'}
        </caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map(([label, ...cells]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {cells.map((cell, i) => (
                <td key={i}>{format(cell, unit, table.columns[i + 1])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {item === 'bras' && (
        <p>
          Not sure? <Link to="/find-your-fit">Find your fit</Link> from two measurements.
        </p>
      )}
      <ContentNotes path="size-guide" label="Measuring tips" />
    </PageShell>
  );
}
