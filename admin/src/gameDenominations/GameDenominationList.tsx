import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { AdminGame, AdminGameDenomination } from '@topup/common/api';
import {
  Button,
  DataTable,
  LinkBase,
  Pagination,
  ReferenceManyField,
  SimpleList,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { InlineSwitchField } from '../components/InlineSwitchField';
import { MoneyColumn } from '../components/MoneyField';
import { NumberColumn } from '../components/NumberColumn';
import { RowActions, RowEditButton } from '../components/RowActions';
import { listTableSx, noWrap } from '../components/tableStyles';
import { useNumberFormat } from '../components/useNumberFormat';
import { formatPrices } from '../lib/money';

function AmountCell() {
  const record = useRecordContext<AdminGameDenomination>();
  const number = useNumberFormat();
  if (!record) return null;
  return <span>{`${number.format(record.amount)} ${record.unit}`.trim()}</span>;
}

/** Opens a new denomination of `game`. */
function AddDenominationButton({ game }: { game: AdminGame }) {
  const createPath = useCreatePath();
  return (
    <Button
      component={LinkBase}
      to={createPath({ resource: 'gameDenominations', type: 'create' })}
      state={{ record: { gameId: game.id } }}
      label="resources.gameDenominations.add"
      variant="contained"
    >
      <AddIcon />
    </Button>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 3, textAlign: 'center' }}>
      <Typography variant="subtitle1">{translate('resources.gameDenominations.empty')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.gameDenominations.invite')}
      </Typography>
    </Box>
  );
}

/** The game screen's denominations tab: its denominations in the storefront's order, each edited on its own page. */
export function GameDenominationList({ game }: { game: AdminGame }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  const amountPriced = game.pricing === 'amount';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {amountPriced ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.gameDenominations.amount_priced')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <AddDenominationButton game={game} />
        </Box>
      )}
      <ReferenceManyField<AdminGame, AdminGameDenomination>
        reference="gameDenominations"
        target="gameId"
        record={game}
        sort={{ field: 'sortOrder', order: 'ASC' }}
        perPage={50}
        pagination={<Pagination rowsPerPageOptions={[50, 100]} />}
        empty={<Empty />}
      >
        {isSmall ? (
          <SimpleList<AdminGameDenomination>
            primaryText={(record) => record.name}
            secondaryText={(record) => formatPrices(record.priceUsd, record.priceRub)}
            tertiaryText={(record) => (record.active ? '' : translate('resources.gameDenominations.inactive'))}
            rowClick="edit"
          />
        ) : (
          <DataTable sx={listTableSx} rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col source="id" />
            <DataTable.Col source="name" cellSx={noWrap} />
            <DataTable.Col source="amount" align="right">
              <AmountCell />
            </DataTable.Col>
            <MoneyColumn source="priceUsd" currency="USD" />
            <MoneyColumn source="priceRub" currency="RUB" />
            <NumberColumn source="availableCodes" disableSort />
            <NumberColumn source="sortOrder" />
            <DataTable.Col source="active" disableSort>
              <InlineSwitchField source="active" ariaLabel="resources.gameDenominations.fields.active" />
            </DataTable.Col>
            <DataTable.Col label="resources.gameDenominations.fields.actions" align="right" cellSx={noWrap}>
              <RowActions>
                <RowEditButton />
              </RowActions>
            </DataTable.Col>
          </DataTable>
        )}
      </ReferenceManyField>
    </Box>
  );
}
