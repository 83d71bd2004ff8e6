import { Create, SaveButton, Toolbar } from 'react-admin';
import { GameForm } from './GameForm';
import { gamePayload, NEW_GAME_DEFAULTS } from './gameForm';

/** Games are deactivated, never deleted: the form's toolbar only saves. */
export function GameSaveToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** A new game opens on its own screen once saved, to add its denominations. */
export function GameCreate() {
  return (
    <Create title="resources.games.create_title" transform={gamePayload} redirect={(_resource, id) => `/games/${String(id)}?tab=denominations`}>
      <GameForm defaultValues={NEW_GAME_DEFAULTS} toolbar={<GameSaveToolbar />} />
    </Create>
  );
}
