import { Create, Edit } from 'react-admin';
import { pickFields } from '../components/payload';
import { SaveDeleteToolbar } from '../components/SaveDeleteToolbar';
import { REGION_DEFAULTS, REGION_FIELDS, RegionForm } from './RegionForm';

/** Only the region's own fields, its code without surrounding spaces. */
const transform = (data: Record<string, unknown>) => {
  const values = pickFields(data, REGION_FIELDS);
  if (typeof values.code === 'string') values.code = values.code.trim();
  return values;
};

export function RegionEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={transform} redirect="list">
      <RegionForm toolbar={<SaveDeleteToolbar confirmContent="resources.regions.delete_content" />} />
    </Edit>
  );
}

export function RegionCreate() {
  return (
    <Create transform={transform} redirect="list">
      <RegionForm defaultValues={REGION_DEFAULTS} />
    </Create>
  );
}
