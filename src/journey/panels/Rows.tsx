import type { DisplayRow } from '../../pricing/calculator.ts';
import { formatValue } from '../formatValue.ts';

/** A calculator's display rows (youPay, youGet, breakup, explanation) as a definition list. */
export function Rows({ rows, className }: { rows: DisplayRow[] | undefined; className?: string }) {
  if (!rows?.length) return null;
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.id} data-row={row.id} data-format={row.format}>
          <dt>{row.label}</dt>
          <dd>
            <strong>{formatValue(row.value, row.format)}</strong>
            {row.suffix ? ` ${row.suffix}` : ''}
            {row.note && <span className="bf-row-note">{row.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
