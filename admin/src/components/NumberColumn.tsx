import { DataTable, useLocaleState, type DataTableNumberColumnProps } from 'react-admin';
import { numberLocale } from './useNumberFormat';

/** A list column of a count or amount, written for the interface language rather than the browser's. */
export function NumberColumn(props: Omit<DataTableNumberColumnProps, 'locales'>) {
  const [locale] = useLocaleState();
  return <DataTable.NumberCol {...props} locales={numberLocale(locale)} />;
}
