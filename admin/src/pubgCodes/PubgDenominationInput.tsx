import { ReferenceInput, required, SelectInput } from 'react-admin';

/** A UC package as choices name it: "325 UC". */
export const ucText = (denomination: { ucAmount: number }) => `${denomination.ucAmount} UC`;

/** The required choice of a code's UC package (`denominationId`), smallest first. */
export function PubgDenominationInput({ label }: { label?: string }) {
  return (
    <ReferenceInput source="denominationId" reference="pubgDenominations" perPage={200} sort={{ field: 'ucAmount', order: 'ASC' }}>
      <SelectInput label={label} optionText={ucText} validate={required()} />
    </ReferenceInput>
  );
}
