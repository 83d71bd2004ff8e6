import { Create } from 'react-admin';
import { freefirePayload } from './denominationForm';
import { DenominationForm } from './DenominationForm';

export function FreefireDenominationCreate() {
  return (
    <Create transform={freefirePayload} redirect="list">
      <DenominationForm defaultValues={{ is_active: true }} />
    </Create>
  );
}
