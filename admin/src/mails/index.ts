import MailIcon from '@mui/icons-material/MailOutlined';
import type { AdminMail } from '@topup/common/api';
import { MailList } from './MailList';
import { MailShow } from './MailShow';

export default {
  list: MailList,
  show: MailShow,
  icon: MailIcon,
  recordRepresentation: (mail: AdminMail) => `#${mail.id}`,
};
