import SyncIcon from '@mui/icons-material/Sync';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import type { AdminSupplier, adminSupplierEndpoints, ResponseOf } from '@topup/common/api';
import {
  BooleanInput,
  Button,
  Edit,
  maxValue,
  minValue,
  NumberInput,
  required,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { errorNotification } from '../components/errors';
import { pickFields } from '../components/payload';
import { validatePrice } from '../components/validators';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { useApiRequest } from '../lib/useApiRequest';
import { BalanceCell } from './SupplierList';

/** What the edit form sends: `PUT /api/admin/suppliers/:id` (common/src/api/admin-suppliers.ts). */
export const supplierPayload = (values: Record<string, unknown>) => {
  const payload = pickFields(values, ['active', 'priority', 'lowBalanceThreshold'] as const);
  return { ...payload, lowBalanceThreshold: payload.lowBalanceThreshold ?? null };
};

/** Queues the import of the supplier's catalogue; its products then show under Supplier products. */
export function SyncCatalogueButton() {
  const supplier = useRecordContext<AdminSupplier>();
  const request = useApiRequest();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  if (!supplier || supplier.kind === 'sandbox') return null;
  const sync = async () => {
    setSending(true);
    try {
      await request<ResponseOf<typeof adminSupplierEndpoints.catalogueSync>>('POST', `${RESOURCE_ENDPOINTS.suppliers}/${supplier.id}/catalogue-sync`);
      notify('resources.suppliers.notifications.sync_queued', { type: 'info', messageArgs: { name: supplier.name } });
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setSending(false);
    }
  };
  return <Button label="resources.suppliers.sync" onClick={() => void sync()} disabled={sending || !supplier.configured} startIcon={<SyncIcon />} />;
}

function SupplierHeading() {
  const supplier = useRecordContext<AdminSupplier>();
  const translate = useTranslate();
  if (!supplier) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h1">
        {supplier.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="div">
        {translate('resources.suppliers.fields.balance')}: <BalanceCell />
      </Typography>
      {!supplier.configured && (
        <Typography variant="body2" color="warning.main">
          {translate('resources.suppliers.not_configured_hint')}
        </Typography>
      )}
    </Box>
  );
}

/** An inactive supplier without settings cannot be switched on: the API refuses it, the switch says so first. */
function ActiveInput() {
  const supplier = useRecordContext<AdminSupplier>();
  return <BooleanInput source="active" disabled={supplier !== undefined && !supplier.configured && !supplier.active} helperText="resources.suppliers.help.active" />;
}

const validatePriority = [required(), minValue(1), maxValue(100)];

/** Switches a supplier on or off, orders it among the others, and sets the balance under which it is low. */
export function SupplierEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      transform={supplierPayload}
      redirect="list"
      actions={
        <TopToolbar>
          <SyncCatalogueButton />
        </TopToolbar>
      }
    >
      {/* noValidate: the form's own rules word every problem in the admin's language; the browser's (an amount against its 0.01 step) would stop the save with a bubble of their own. */}
      <SimpleForm
        noValidate
        sx={{ maxWidth: 520 }}
        toolbar={
          // A supplier is never deleted: its row stays while the store knows its kind.
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <SupplierHeading />
        <ActiveInput />
        <NumberInput source="priority" min={1} max={100} step={1} validate={validatePriority} helperText="resources.suppliers.help.priority" />
        <NumberInput source="lowBalanceThreshold" min={0} step={0.01} validate={validatePrice} helperText="resources.suppliers.help.lowBalanceThreshold" />
      </SimpleForm>
    </Edit>
  );
}
