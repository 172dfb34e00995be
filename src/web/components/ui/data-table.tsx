// A data table that stays readable from 360 px up: a real <table> with column headers
// when its container is wide, one stacked card per row (each value labelled by its column)
// when narrow. The table semantics stay in both layouts.
import type { ReactNode } from 'react';
import { cn } from '#web/utils/cn.ts';
import { PageLoader } from './spinner.tsx';
import { useFocusAfterRowGoes } from './use-focus-after-row-goes.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes for the column's cells (e.g. `text-right`, a width). */
  className?: string;
  /**
   * The cell names its own control with a visible <label> (shown when stacked), so no
   * column label is drawn before it.
   */
  labelled?: boolean;
}

interface DataTableProps<T> {
  /** The table's accessible name (visually hidden caption). */
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the rows while the first page loads. */
  isPending?: boolean;
  loadingLabel?: string;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  /** A small error alert instead of the rows. */
  error?: string | null;
  footer?: ReactNode;
}

const cellBase = 'px-3 py-3 align-middle first:pl-4 last:pr-4 @max-2xl:px-0 @max-2xl:py-1.5 @max-2xl:first:pl-0 @max-2xl:last:pr-0';
const stackedCell = '@max-2xl:grid @max-2xl:grid-cols-[minmax(6.5rem,8.5rem)_minmax(0,1fr)] @max-2xl:items-baseline @max-2xl:gap-3';
const stackedLabel =
  '@max-2xl:before:text-xs @max-2xl:before:font-semibold @max-2xl:before:tracking-wide @max-2xl:before:text-muted @max-2xl:before:uppercase @max-2xl:before:content-[attr(data-label)]';

export function DataTable<T>({ caption, columns, rows, rowKey, isPending = false, loadingLabel, empty, error, footer }: DataTableProps<T>) {
  // The card takes the focus when the last row goes.
  const { list: tbody, fallback: card, onFocus } = useFocusAfterRowGoes<HTMLTableSectionElement, HTMLDivElement>(rows.map(rowKey));
  let body: ReactNode = null;
  if (isPending) body = <PageLoader label={loadingLabel} />;
  else if (error)
    body = (
      <p role="alert" className="px-5 py-8 text-center text-danger-700">
        {error}
      </p>
    );
  else if (rows.length === 0) body = <div className="px-5 py-10 text-center text-muted">{empty}</div>;

  return (
    <div ref={card} tabIndex={-1} className="card overflow-hidden outline-none">
      <div className="@container">
        {body ?? (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm @max-2xl:block">
              <caption className="sr-only">{caption}</caption>
              <thead className="border-b border-line bg-canvas @max-2xl:sr-only">
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.header}
                      scope="col"
                      className={cn(
                        'px-3 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase first:pl-4 last:pr-4',
                        column.className,
                      )}
                    >
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody ref={tbody} onFocus={onFocus} className="divide-y divide-line @max-2xl:block">
                {rows.map((row) => (
                  <tr
                    key={rowKey(row)}
                    data-row-key={rowKey(row)}
                    className="transition-colors hover:bg-canvas/60 @max-2xl:block @max-2xl:px-4 @max-2xl:py-3"
                  >
                    {columns.map((column) => (
                      <td
                        key={column.header}
                        data-label={column.labelled ? undefined : column.header}
                        className={cn(cellBase, stackedCell, !column.labelled && stackedLabel, column.className)}
                      >
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {footer && <div className="border-t border-line px-4 py-3">{footer}</div>}
    </div>
  );
}
