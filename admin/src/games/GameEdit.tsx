import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Tab, Tabs } from '@mui/material';
import type { AdminGame } from '@topup/common/api';
import { Button, Edit, ListButton, TopToolbar, useEditContext, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { GameDenominationList } from '../gameDenominations/GameDenominationList';
import { GameSaveToolbar } from './GameCreate';
import { GameForm } from './GameForm';
import { gamePayload } from './gameForm';

function GameEditActions() {
  const { record } = useEditContext<AdminGame>();
  if (!record) return null;
  return (
    <TopToolbar>
      <Button component="a" href={`/products/${record.slug}`} target="_blank" rel="noopener" label="resources.games.actions.open_in_store">
        <OpenInNewIcon />
      </Button>
      <ListButton />
    </TopToolbar>
  );
}

type GameTab = 'game' | 'denominations';

/** The game's form, or its denominations (`?tab=denominations`, where a denomination's pages lead back). */
function GameEditTabs() {
  const { record } = useEditContext<AdminGame>();
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: GameTab = params.get('tab') === 'denominations' ? 'denominations' : 'game';
  if (!record) return null;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, next: GameTab) => setParams(next === 'game' ? {} : { tab: next }, { replace: true })}
        sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 2 } }}
      >
        <Tab value="game" label={translate('resources.games.tabs.game')} />
        <Tab value="denominations" label={translate('resources.games.tabs.denominations', { count: record.denominationCount })} />
      </Tabs>
      {tab === 'game' ? <GameForm toolbar={<GameSaveToolbar />} /> : <GameDenominationList game={record} />}
    </>
  );
}

export function GameEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<GameEditActions />} transform={gamePayload} redirect="list">
      <GameEditTabs />
    </Edit>
  );
}
