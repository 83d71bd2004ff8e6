import CodeIcon from '@mui/icons-material/QrCode2';
import type { AdminCode } from '@topup/common/api';
import { CodeCreate } from './CodeCreate';
import { CodeEdit } from './CodeEdit';
import { CodeList } from './CodeList';

export default {
  list: CodeList,
  create: CodeCreate,
  edit: CodeEdit,
  icon: CodeIcon,
  recordRepresentation: (record: AdminCode) => record.code,
};
