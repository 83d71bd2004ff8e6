import { DeleteButton, useRecordContext } from 'react-admin';
import type { PubgDenomination } from '@topup/common/api';
import { RowDeleteButton } from '../components/RowActions';
import { DENOMINATIONS_PATH } from './DenominationForm';

/** Delete with the specification's warning: the package's codes go with it. An icon in list rows. */
export function DenominationDeleteButton({ asIcon = false }: { asIcon?: boolean }) {
  const record = useRecordContext<PubgDenomination>();
  if (!record) return null;
  const props = {
    // A function: react-admin puts its basename (/admin) before the path only then.
    redirect: () => DENOMINATIONS_PATH,
    confirmTitle: 'resources.pubgDenominations.delete.title',
    confirmContent: 'resources.pubgDenominations.delete.content',
    titleTranslateOptions: { uc: record.ucAmount },
    contentTranslateOptions: { uc: record.ucAmount, smart_count: record.availableCodes ?? 0 },
  };
  return asIcon ? <RowDeleteButton {...props} /> : <DeleteButton {...props} mutationMode="pessimistic" />;
}
