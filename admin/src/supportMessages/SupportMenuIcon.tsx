import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Badge } from '@mui/material';
import { useUnreadSupportCount } from './useUnreadSupportCount';

/** The Support tab's icon in the menu, with the number of unread messages on it. */
export function SupportMenuIcon() {
  const unread = useUnreadSupportCount() ?? 0;
  return (
    <Badge badgeContent={unread} color="error" max={99} overlap="circular">
      <SupportAgentIcon />
    </Badge>
  );
}
