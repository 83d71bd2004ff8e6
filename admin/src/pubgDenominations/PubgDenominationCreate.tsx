import { Create } from 'react-admin';
import { PubgTabs } from '../pubgCodes/PubgTabs';
import { DENOMINATIONS_PATH, pubgDenominationPayload, PubgDenominationForm } from './DenominationForm';

export function PubgDenominationCreate() {
  return (
    <>
      <PubgTabs />
      <Create transform={pubgDenominationPayload} redirect={() => DENOMINATIONS_PATH}>
        <PubgDenominationForm defaultValues={{ active: true }} />
      </Create>
    </>
  );
}
