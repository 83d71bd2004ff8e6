import GeneratedIcon from '@mui/icons-material/AutoAwesome';
import type { GeneratedCode, GenerationRequest } from '@topup/common/api';
import { GeneratedCodeList } from './GeneratedCodeList';

export default {
  list: GeneratedCodeList,
  icon: GeneratedIcon,
  recordRepresentation: (record: GeneratedCode) => record.code,
};

/** Generation requests are shown inside the generated codes tab; registered without a list of their own. */
export const generationRequests = {
  recordRepresentation: (record: GenerationRequest) => `${record.denominationName} × ${record.count}`,
};
