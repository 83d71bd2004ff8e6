import { Create, Edit } from 'react-admin';
import { SaveDeleteToolbar } from '../components/SaveDeleteToolbar';
import { PROMOTION_DEFAULTS, PromotionForm } from './PromotionForm';
import { promotionPayload } from './promotionPayload';

/** Only the promotion's own fields, as the API takes them: it refuses id, createdAt and any other. */
const transform = (data: Record<string, unknown>) => promotionPayload(data);

export function PromotionEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={transform} redirect="list">
      <PromotionForm toolbar={<SaveDeleteToolbar />} />
    </Edit>
  );
}

export function PromotionCreate() {
  return (
    <Create transform={transform} redirect="list">
      <PromotionForm defaultValues={PROMOTION_DEFAULTS} />
    </Create>
  );
}
