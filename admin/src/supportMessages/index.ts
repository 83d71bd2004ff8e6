import type { AdminSupportMessage } from '@topup/common/api';
import { SupportMenuIcon } from './SupportMenuIcon';
import { SupportPage } from './SupportPage';
import { SupportMessageShow } from './SupportMessageShow';

export default {
  list: SupportPage,
  show: SupportMessageShow,
  icon: SupportMenuIcon,
  recordRepresentation: (message: AdminSupportMessage) => `#${message.id}`,
};
