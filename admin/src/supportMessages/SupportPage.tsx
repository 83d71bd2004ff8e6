import { Box } from '@mui/material';
import { SupportMessageList } from './SupportMessageList';
import { SupportSettingsCard } from './SupportSettingsCard';

/** The Support tab: the inbox, and below it the settings of the store's support page. */
export function SupportPage() {
  return (
    <Box>
      <SupportMessageList />
      <SupportSettingsCard />
    </Box>
  );
}
