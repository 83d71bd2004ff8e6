import { Typography, type SxProps, type Theme } from '@mui/material';
import { DataTable, useFieldValue, useRecordContext, type FieldProps } from 'react-admin';
import { formatMoney } from '../lib/money';

interface MoneyFieldProps extends FieldProps {
  /** The currency of the amount ('USD', 'rub' ...) ... */
  currency?: string;
  /** ... or the record field that holds it (an order's `currency`). */
  currencySource?: string;
  sx?: SxProps<Theme>;
}

/** A price of the record in its currency ("$4.99", "394,21 ₽"). */
export function MoneyField({ currency, currencySource, sx, ...props }: MoneyFieldProps) {
  const record = useRecordContext(props);
  const value = useFieldValue(props);
  const code = currency ?? (currencySource ? (record?.[currencySource] as string | undefined) : undefined);
  return (
    <Typography
      component="span"
      variant="body2"
      sx={[{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {formatMoney(value, code)}
    </Typography>
  );
}

/** A list column of one price, right-aligned like the other amounts. */
export function MoneyColumn({ source, currency, disableSort }: { source: string; currency: string; disableSort?: boolean }) {
  return (
    <DataTable.Col source={source} align="right" disableSort={disableSort}>
      <MoneyField source={source} currency={currency} />
    </DataTable.Col>
  );
}
