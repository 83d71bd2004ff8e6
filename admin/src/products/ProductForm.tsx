import { Box, Typography } from '@mui/material';
import { PRODUCT_CATEGORIES } from '@topup/common';
import type { AdminRegion } from '@topup/common/api';
import {
  AutocompleteArrayInput,
  BooleanInput,
  DeleteButton,
  NumberInput,
  ReferenceArrayInput,
  required,
  regex,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetMany,
  useTranslate,
} from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { FormRow, FormSection, ImageUrlPreview } from '../components/FormLayout';
import { TranslatedTextInput } from '../components/TranslatedTextInput';
import { regionLabel } from '../regions/flag';
import { chosenRegionIds, regionCurrencySource } from './productForm';

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const categoryChoices = PRODUCT_CATEGORIES.map((id) => ({ id, name: `resources.products.category.${id}` }));

/** One game-currency input per chosen region; empty keeps the product's own. */
function RegionCurrencyInputs() {
  const translate = useTranslate();
  const regionIds = chosenRegionIds(useWatch({ name: 'regionIds' }));
  const productCurrency = (useWatch({ name: 'gameCurrency' }) as string | undefined) ?? '';
  const { data: regions } = useGetMany<AdminRegion>('regions', { ids: regionIds }, { enabled: regionIds.length > 0 });
  if (regionIds.length === 0) return null;
  const byId = new Map((regions ?? []).map((region) => [region.id, region]));
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="subtitle2" gutterBottom>
        {translate('resources.products.region_currency.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {productCurrency.trim()
          ? translate('resources.products.region_currency.help', { currency: productCurrency.trim() })
          : translate('resources.products.region_currency.help_no_default')}
      </Typography>
      <FormRow>
        {regionIds.map((regionId) => {
          const region = byId.get(regionId);
          return (
            <TextInput
              key={regionId}
              source={regionCurrencySource(regionId)}
              label={region ? regionLabel(region) : `#${regionId}`}
              placeholder={productCurrency}
              helperText={false}
            />
          );
        })}
      </FormRow>
    </Box>
  );
}

function RegionsInputs() {
  const hasRegions = useWatch({ name: 'hasRegions' }) === true;
  if (!hasRegions) return null;
  return (
    <>
      <ReferenceArrayInput source="regionIds" reference="regions" perPage={200} sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteArrayInput
          optionText={regionLabel}
          helperText="resources.products.help.regionIds"
          filterToQuery={(q: string) => (q ? { q } : {})}
        />
      </ReferenceArrayInput>
      <RegionCurrencyInputs />
    </>
  );
}

function ProductToolbar({ canDelete }: { canDelete: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && (
        <DeleteButton
          mutationMode="pessimistic"
          confirmTitle="resources.products.delete.title"
          confirmContent="resources.products.delete.content"
        />
      )}
    </Toolbar>
  );
}

const validateSlug = [required(), regex(SLUG_PATTERN, 'resources.products.validation.slug')];

/** The product's fields in three groups: what it is, how the storefront shows it, and where its codes are sold. */
export function ProductForm({
  onSubmit,
  defaultValues,
  canDelete = false,
}: {
  onSubmit: (values: FieldValues) => Promise<void>;
  defaultValues?: Record<string, unknown>;
  canDelete?: boolean;
}) {
  return (
    <SimpleForm onSubmit={onSubmit} defaultValues={defaultValues} toolbar={<ProductToolbar canDelete={canDelete} />} sx={{ gap: 2 }}>
      <FormSection title="resources.products.sections.main">
        <TranslatedTextInput source="title" maxLength={200} validate={required()} />
        <TextInput source="slug" validate={validateSlug} helperText="resources.products.help.slug" sx={{ maxWidth: 480 }} />
        <FormRow>
          <SelectInput source="category" choices={categoryChoices} validate={required()} />
          <NumberInput source="sortOrder" step={1} helperText="resources.products.help.sortOrder" />
        </FormRow>
        <BooleanInput source="active" helperText="resources.products.help.active" />
      </FormSection>

      <FormSection title="resources.products.sections.storefront">
        <TranslatedTextInput source="description" maxLength={5000} multiline minRows={3} />
        <TextInput source="imageUrl" helperText="resources.products.help.imageUrl" />
        <ImageUrlPreview alt="resources.products.image_preview" />
        <TranslatedTextInput source="keywords" maxLength={1000} helperText="resources.products.help.keywords" />
        <TranslatedTextInput source="activationInstructions" maxLength={10_000} multiline minRows={4} />
      </FormSection>

      <FormSection title="resources.products.sections.codes">
        <TextInput source="gameCurrency" helperText="resources.products.help.gameCurrency" sx={{ maxWidth: 360 }} />
        <BooleanInput source="hasGlobalCodes" helperText="resources.products.help.hasGlobalCodes" />
        <BooleanInput source="hasRegions" helperText="resources.products.help.hasRegions" />
        <RegionsInputs />
      </FormSection>
    </SimpleForm>
  );
}
