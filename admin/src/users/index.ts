import PeopleIcon from '@mui/icons-material/People';
import type { AdminUser } from '@topup/common/api';
import { UserEdit } from './UserEdit';
import { UserList } from './UserList';

export default {
  list: UserList,
  edit: UserEdit,
  icon: PeopleIcon,
  recordRepresentation: (user: AdminUser) => user.nickname,
};
