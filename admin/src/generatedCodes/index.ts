import GeneratedIcon from '@mui/icons-material/AutoAwesome';
import { GeneratedCodeList } from './GeneratedCodeList';
import type { GeneratedCode } from './types';

export default {
  list: GeneratedCodeList,
  icon: GeneratedIcon,
  recordRepresentation: (record: GeneratedCode) => record.code,
};

/** Generation requests are shown inside the generated codes tab; registered without a list of their own. */
export const generationRequests = {
  recordRepresentation: (record: { denominationName?: string; count: number }) => `${record.denominationName ?? ''} × ${record.count}`,
};
