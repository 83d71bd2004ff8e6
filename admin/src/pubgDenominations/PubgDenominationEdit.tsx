import { Edit, SaveButton, Toolbar } from 'react-admin';
import { PubgTabs } from '../pubgCodes/PubgTabs';
import { DenominationDeleteButton } from './DenominationDeleteButton';
import { DENOMINATIONS_PATH, pubgDenominationPayload, PubgDenominationForm } from './DenominationForm';

function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DenominationDeleteButton />
    </Toolbar>
  );
}

export function PubgDenominationEdit() {
  return (
    <>
      <PubgTabs />
      <Edit mutationMode="pessimistic" transform={pubgDenominationPayload} redirect={() => DENOMINATIONS_PATH}>
        <PubgDenominationForm toolbar={<EditToolbar />} />
      </Edit>
    </>
  );
}
