import type { AdminSupportMessage } from '@topup/common/api';
import { SupportMenuIcon } from './SupportMenuIcon';
import { SupportMessageList } from './SupportMessageList';
import { SupportMessageShow } from './SupportMessageShow';

export default {
  list: SupportMessageList,
  show: SupportMessageShow,
  icon: SupportMenuIcon,
  recordRepresentation: (message: AdminSupportMessage) => `#${message.id}`,
};
