import { Create, DeleteButton, Edit, SaveButton, Toolbar } from 'react-admin';
import { pickFields } from '../components/payload';
import { PROMOTION_DEFAULTS, PROMOTION_FIELDS, PromotionForm } from './PromotionForm';

/** Only the promotion's own fields: the API refuses id, createdAt and any other. */
const transform = (data: Record<string, unknown>) => pickFields(data, PROMOTION_FIELDS);

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

export function PromotionEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={transform} redirect="list">
      <PromotionForm toolbar={<EditToolbar />} />
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
