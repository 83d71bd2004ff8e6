import type { AdminProduct, AdminRegion } from '@topup/common/api';
import { SelectInput, useGetList, useGetOne, useTranslate, type SelectInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { regionLabel } from '../regions/flag';
import { GLOBAL_REGION } from './types';

function useRegions() {
  return useGetList<AdminRegion>('regions', { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } });
}

/** The list filter: every region, plus global codes. */
export function RegionFilterInput(props: Omit<SelectInputProps, 'choices'>) {
  const translate = useTranslate();
  const { data, isPending } = useRegions();
  const choices = [
    { id: GLOBAL_REGION, name: translate('resources.codes.global') },
    ...(data ?? []).map((region) => ({ id: region.id, name: regionLabel(region) })),
  ];
  return <SelectInput {...props} choices={choices} isPending={isPending} translateChoice={false} />;
}

/**
 * Where a code is sold: global, or one of the regions of the product chosen in the same form
 * (`productId`). Global is GLOBAL_REGION in the form; the save leaves the region out for it.
 */
export function CodeRegionInput(props: Omit<SelectInputProps, 'choices'>) {
  const translate = useTranslate();
  const productId = useWatch({ name: 'productId' }) as number | undefined;
  const { data: product } = useGetOne<AdminProduct>('products', { id: productId! }, { enabled: Boolean(productId) });
  const { data: regions, isPending } = useRegions();
  const offered = new Set(product?.hasRegions ? product.regionIds : []);
  const choices = [
    { id: GLOBAL_REGION, name: translate('resources.codes.global') },
    ...(regions ?? []).filter((region) => offered.has(region.id)).map((region) => ({ id: region.id, name: regionLabel(region) })),
  ];
  const helperText =
    product && !product.hasGlobalCodes
      ? 'resources.codes.help.no_global'
      : product && product.hasRegions && offered.size === 0
        ? 'resources.codes.help.no_regions'
        : 'resources.codes.help.region';
  return (
    <SelectInput
      {...props}
      choices={choices}
      isPending={Boolean(productId) && isPending}
      translateChoice={false}
      helperText={helperText}
    />
  );
}
