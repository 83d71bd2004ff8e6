import { Edit } from 'react-admin';
import { freefirePayload } from './denominationForm';
import { DenominationForm } from './DenominationForm';

export function FreefireDenominationEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={freefirePayload} redirect="list">
      <DenominationForm />
    </Edit>
  );
}
