import CodeIcon from '@mui/icons-material/QrCode2';
import { CodeCreate } from './CodeCreate';
import { CodeEdit } from './CodeEdit';
import { CodeList } from './CodeList';
import type { AdminCode } from './types';

export default {
  list: CodeList,
  create: CodeCreate,
  edit: CodeEdit,
  icon: CodeIcon,
  recordRepresentation: (record: AdminCode) => record.code,
};
