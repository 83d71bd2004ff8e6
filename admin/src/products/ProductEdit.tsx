import InventoryIcon from '@mui/icons-material/Inventory2';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Chip, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@topup/common/api';
import {
  Button,
  Edit,
  LinkBase,
  ListButton,
  Loading,
  TopToolbar,
  useBasename,
  useEditContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { errorMessage } from '../components/errors';
import { useNumberFormat } from '../components/useNumberFormat';
import { listLink } from '../lib/listLink';
import { useApiRequest } from '../lib/useApiRequest';
import { regionCurrencyValues } from './productForm';
import { ProductForm } from './ProductForm';
import { getProductRegions } from './productsApi';
import { useSaveProduct } from './useSaveProduct';

function ProductEditActions() {
  const record = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  const format = useNumberFormat();
  const basename = useBasename();
  if (!record) return null;
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Chip
        size="small"
        color={record.availableCodes > 0 ? 'success' : 'default'}
        label={translate('resources.products.stock_summary', {
          available: format.format(record.availableCodes),
          sold: format.format(record.soldCodes),
        })}
      />
      <Button
        component={LinkBase}
        to={listLink('codes', { productId: record.id }, basename)}
        label="resources.products.actions.codes"
      >
        <InventoryIcon />
      </Button>
      <Button component="a" href={`/products/${record.slug}`} target="_blank" rel="noopener" label="resources.products.actions.open_in_store">
        <OpenInNewIcon />
      </Button>
      <ListButton />
    </TopToolbar>
  );
}

/** The form once the product and its regions (with their game currencies) are loaded. */
function ProductEditForm() {
  const { record } = useEditContext<AdminProduct>();
  const request = useApiRequest();
  const regions = useQuery({
    queryKey: ['products', 'regions', record?.id],
    queryFn: () => getProductRegions(request, record!.id),
    enabled: record !== undefined,
  });
  const saved = record && regions.data ? { record, regions: regions.data } : undefined;
  const save = useSaveProduct(saved);

  if (!record || regions.isPending) return <Loading />;
  if (regions.isError) {
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{errorMessage(regions.error)}</Alert>
      </Box>
    );
  }
  return (
    <Stack>
      <ProductForm
        onSubmit={save}
        canDelete
        defaultValues={{ regionCurrencies: regionCurrencyValues(regions.data), regionIds: regions.data.regionIds }}
      />
    </Stack>
  );
}

export function ProductEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<ProductEditActions />} redirect="list">
      <ProductEditForm />
    </Edit>
  );
}
