import { Tab, Tabs } from '@mui/material';
import { LinkBase, useBasename, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

/** The PUBG tab's two tabs, codes and denominations, each at its own address. */
export function PubgTabs() {
  const translate = useTranslate();
  const basename = useBasename();
  const { pathname } = useLocation();
  const denominationsPath = `${basename}/pubgCodes/denominations`;
  const current = pathname.startsWith(denominationsPath) ? 'denominations' : 'codes';
  return (
    <Tabs value={current} sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }} aria-label={translate('resources.pubgCodes.tabs.label')}>
      <Tab value="codes" label={translate('resources.pubgCodes.tabs.codes')} component={LinkBase} to={`${basename}/pubgCodes`} />
      <Tab value="denominations" label={translate('resources.pubgCodes.tabs.denominations')} component={LinkBase} to={denominationsPath} />
    </Tabs>
  );
}
