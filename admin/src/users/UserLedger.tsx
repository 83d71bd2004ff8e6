import { Box, Link, MenuItem, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { useState } from 'react';
import { DataTable, Pagination, ReferenceManyField, SimpleList, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BALANCE_CURRENCIES, LEDGER_REASONS } from '@topup/common';
import type { AdminLedgerEntry } from '@topup/common/api';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { formatMoney } from '../lib/money';

const Column = DataTable.Col<AdminLedgerEntry>;

/** A link inside a clickable row that does not also click the row. */
function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" onClick={(event: MouseEvent) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

function SignedAmount({ entry }: { entry: AdminLedgerEntry }) {
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: entry.amount < 0 ? 'error.main' : 'success.main' }}>
      {entry.amount > 0 ? '+' : '−'}
      {formatMoney(Math.abs(entry.amount), entry.currency)}
    </Typography>
  );
}

function OrderLink({ entry }: { entry: AdminLedgerEntry }) {
  const createPath = useCreatePath();
  if (entry.orderId === null) return null;
  return <RowLink to={createPath({ resource: 'orders', id: entry.orderId, type: 'show' })}>#{entry.orderId}</RowLink>;
}

function AdminLink({ entry }: { entry: AdminLedgerEntry }) {
  const createPath = useCreatePath();
  if (entry.actorId === null) return null;
  return <RowLink to={createPath({ resource: 'users', id: entry.actorId, type: 'edit' })}>{entry.actorNickname ?? `#${entry.actorId}`}</RowLink>;
}

interface LedgerFilter {
  currency?: string;
  reason?: string;
  createdFrom?: string;
  createdTo?: string;
}

function LedgerFilters({ filter, onChange }: { filter: LedgerFilter; onChange: (filter: LedgerFilter) => void }) {
  const translate = useTranslate();
  const set = (key: keyof LedgerFilter) => (event: { target: { value: string } }) => onChange({ ...filter, [key]: event.target.value || undefined });
  const fieldSx = { minWidth: 150, flex: '1 1 150px', maxWidth: 240 };
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', px: 2, pb: 1 }}>
      <TextField select size="small" label={translate('resources.users.ledger.currency')} value={filter.currency ?? ''} onChange={set('currency')} sx={fieldSx}>
        <MenuItem value="">{translate('resources.users.ledger.all')}</MenuItem>
        {BALANCE_CURRENCIES.map((currency) => (
          <MenuItem key={currency} value={currency}>
            {currency.toUpperCase()}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" label={translate('resources.users.ledger.reason')} value={filter.reason ?? ''} onChange={set('reason')} sx={fieldSx}>
        <MenuItem value="">{translate('resources.users.ledger.all')}</MenuItem>
        {LEDGER_REASONS.map((reason) => (
          <MenuItem key={reason} value={reason}>
            {translate(`resources.users.ledger.reasons.${reason}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField type="date" size="small" label={translate('resources.users.ledger.from')} value={filter.createdFrom ?? ''} onChange={set('createdFrom')} sx={fieldSx} slotProps={{ inputLabel: { shrink: true } }} />
      <TextField type="date" size="small" label={translate('resources.users.ledger.to')} value={filter.createdTo ?? ''} onChange={set('createdTo')} sx={fieldSx} slotProps={{ inputLabel: { shrink: true } }} />
    </Box>
  );
}

/** The user's balance movements, newest first, each with the balance it left; filtered by currency, reason and date. */
export function UserLedger() {
  const user = useRecordContext();
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [filter, setFilter] = useState<LedgerFilter>({});
  if (!user) return null;
  const reasonOf = (entry: AdminLedgerEntry) => translate(`resources.users.ledger.reasons.${entry.reason}`, { _: entry.reason });
  return (
    <>
      <LedgerFilters filter={filter} onChange={setFilter} />
      <ReferenceManyField
        reference="userLedger"
        target="userId"
        filter={filter}
        sort={{ field: 'id', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {translate('resources.users.ledger.empty')}
          </Typography>
        }
      >
        {isSmall ? (
          <SimpleList<AdminLedgerEntry>
            linkType={false}
            primaryText={(entry) => <SignedAmount entry={entry} />}
            secondaryText={(entry) => [reasonOf(entry), entry.note].filter(Boolean).join(' · ')}
            tertiaryText={(entry) => `${translate('resources.users.ledger.balance_after')}: ${formatMoney(entry.balanceAfter, entry.currency)}`}
          />
        ) : (
          <DataTable bulkActionButtons={false} rowClick={false}>
            <Column source="createdAt" label="resources.users.ledger.created_at">
              <LocalizedDateField source="createdAt" showTime />
            </Column>
            <Column source="amount" label="resources.users.ledger.amount" align="right" render={(entry) => <SignedAmount entry={entry} />} />
            <Column
              source="balanceAfter"
              label="resources.users.ledger.balance_after"
              align="right"
              disableSort
              render={(entry) => formatMoney(entry.balanceAfter, entry.currency)}
            />
            <Column source="reason" label="resources.users.ledger.reason" disableSort render={reasonOf} />
            <Column source="orderId" label="resources.users.ledger.order" disableSort render={(entry) => <OrderLink entry={entry} />} />
            <Column source="actorId" label="resources.users.ledger.admin" disableSort render={(entry) => <AdminLink entry={entry} />} />
            <Column source="note" label="resources.users.ledger.note" disableSort />
          </DataTable>
        )}
      </ReferenceManyField>
    </>
  );
}
