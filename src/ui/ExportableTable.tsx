import { useMemo } from 'react';
import type { Permission } from '@domain/permissions';
import { TopBarActions } from '../shell/top-bar';
import { toastError } from '../shell/toast';
import { DataTable, type DataTableProps, type TableParams } from './DataTable';
import { initialParams } from './table/state';
import { readUrlState } from './table/url-state';

export interface TableExport {
  /** The top bar's button, shown only to a user with `right`. */
  label: string;
  right: Permission;
  /** Downloads the list as the table shows it: its search, filters and sort. */
  download: (params: TableParams) => Promise<void>;
}

type ExportableTableProps<Row> = Omit<DataTableProps<Row>, 'urlState'> & {
  /** The route's validated search: the table's state, kept in the URL. */
  search: Record<string, unknown>;
  exportAction: TableExport;
};

/** A list page of one table, with an export in the top bar that takes the table's state along. */
export function ExportableTable<Row>({ search, exportAction, ...table }: ExportableTableProps<Row>) {
  const { defaults } = table;
  const params = useMemo(() => readUrlState(search, initialParams(defaults)), [search, defaults]);
  const exportList = () => exportAction.download(params).catch(() => toastError('Exporteren is mislukt'));
  return (
    <div className="panel">
      <TopBarActions
        actions={[{ label: exportAction.label, right: exportAction.right, onClick: () => void exportList() }]}
      />
      <DataTable<Row> {...table} urlState />
    </div>
  );
}
