import { Create, Edit } from 'react-admin';
import { SaveDeleteToolbar } from '../components/SaveDeleteToolbar';
import { PromoCodeForm } from './PromoCodeForm';
import { PROMO_CODE_DEFAULTS, promoCodePayload } from './promoCodePayload';

export function PromoCodeEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={(data: Record<string, unknown>) => promoCodePayload(data, { edit: true })} redirect="list">
      <PromoCodeForm edit toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}

export function PromoCodeCreate() {
  return (
    <Create transform={(data: Record<string, unknown>) => promoCodePayload(data)} redirect="list">
      <PromoCodeForm defaultValues={PROMO_CODE_DEFAULTS} />
    </Create>
  );
}
