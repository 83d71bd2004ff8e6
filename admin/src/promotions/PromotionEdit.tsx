import { Create, Edit } from 'react-admin';
import { pickFields } from '../components/payload';
import { SaveDeleteToolbar } from '../components/SaveDeleteToolbar';
import { PROMOTION_DEFAULTS, PROMOTION_FIELDS, PromotionForm } from './PromotionForm';

/** Only the promotion's own fields: the API refuses id, createdAt and any other. */
const transform = (data: Record<string, unknown>) => pickFields(data, PROMOTION_FIELDS);

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
