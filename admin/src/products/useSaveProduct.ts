import { useCallback } from 'react';
import { useCreate, useNotify, useRedirect, useRefresh, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { AdminProduct, ProductRegions } from '@topup/common/api';
import { errorNotification } from '../components/errors';
import { pickFields } from '../components/payload';
import { useApiRequest } from '../lib/useApiRequest';
import { chosenRegionIds, PRODUCT_FIELDS, regionCurrencyChanges, sameIds, type RegionCurrencyValues } from './productForm';
import { putProductRegions, putRegionGameCurrency } from './productsApi';

/**
 * Saves a product form: the product's fields, then (for a product sold by region) its regions and
 * the per-region game currencies that changed, each through its own call. A new product whose
 * regions could not be saved is opened for editing, so a second try does not create it twice.
 */
export function useSaveProduct(saved?: { record: AdminProduct; regions: ProductRegions }) {
  const request = useApiRequest();
  const [create] = useCreate<AdminProduct>();
  const [update] = useUpdate<AdminProduct>();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();

  return useCallback(
    async (values: FieldValues) => {
      const data = pickFields(values, PRODUCT_FIELDS) as Partial<AdminProduct>;
      let productId = saved?.record.id;
      try {
        if (saved) {
          await update(
            'products',
            { id: saved.record.id, data, previousData: saved.record },
            { mutationMode: 'pessimistic', returnPromise: true },
          );
        } else {
          const created = (await create('products', { data }, { returnPromise: true })) as AdminProduct;
          productId = created.id;
        }
        if (productId === undefined) return;
        if (values.hasRegions === true) {
          const regionIds = chosenRegionIds(values.regionIds);
          if (!sameIds(regionIds, saved?.regions.regionIds ?? [])) await putProductRegions(request, productId, regionIds);
          const changes = regionCurrencyChanges(regionIds, values.regionCurrencies as RegionCurrencyValues, saved?.regions);
          for (const change of changes) await putRegionGameCurrency(request, productId, change.regionId, change.gameCurrency);
        }
        refresh();
        notify(saved ? 'ra.notification.updated' : 'ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
        redirect('list', 'products');
      } catch (error) {
        notify(...errorNotification(error));
        if (!saved && productId !== undefined) redirect('edit', 'products', productId);
      }
    },
    [saved, create, update, request, notify, redirect, refresh],
  );
}
