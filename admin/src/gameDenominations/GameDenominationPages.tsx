import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { AdminGame, AdminGameDenomination } from '@topup/common/api';
import {
  Button,
  Create,
  Edit,
  LinkBase,
  type RaRecord,
  ReferenceInput,
  SaveButton,
  SelectInput,
  Toolbar,
  TopToolbar,
  useEditContext,
  useGetOne,
  useRecordFromLocation,
  useTranslate,
} from 'react-admin';
import { DenominationForm } from './DenominationForm';
import { denominationPayload, NEW_DENOMINATION_DEFAULTS } from './denominationForm';
import { gameDenominationsPath } from './gameLink';

/** After a save the admin is back on the game's denominations. */
const backToGame = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) => gameDenominationsPath(data?.gameId);

function useGame(gameId: unknown) {
  const id = Number(gameId);
  return useGetOne<AdminGame>('games', { id }, { enabled: Number.isSafeInteger(id) && id > 0 }).data;
}

/** Back to the game's denominations, named by the game. */
function BackToGame({ game }: { game: AdminGame | undefined }) {
  if (!game) return null;
  return (
    <TopToolbar>
      <Button component={LinkBase} to={gameDenominationsPath(game.id)} label={game.title}>
        <ArrowBackIcon />
      </Button>
    </TopToolbar>
  );
}

/** Denominations are deactivated, never deleted: the toolbar only saves. */
function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** A new denomination of the game it was opened from (`state.record.gameId`), or of the game chosen. */
export function GameDenominationCreate() {
  const translate = useTranslate();
  const game = useGame(useRecordFromLocation()?.gameId);
  return (
    <Create
      title={game ? translate('resources.gameDenominations.create_title', { game: game.title }) : undefined}
      actions={<BackToGame game={game} />}
      transform={denominationPayload}
      redirect={backToGame}
    >
      <DenominationForm defaultValues={NEW_DENOMINATION_DEFAULTS} toolbar={<SaveOnlyToolbar />}>
        <ReferenceInput source="gameId" reference="games" sort={{ field: 'title', order: 'ASC' }} perPage={200}>
          <SelectInput optionText="title" isRequired helperText={false} sx={{ minWidth: 280 }} />
        </ReferenceInput>
      </DenominationForm>
    </Create>
  );
}

function EditTitle() {
  const { record } = useEditContext<AdminGameDenomination>();
  const translate = useTranslate();
  const game = useGame(record?.gameId);
  if (!record) return null;
  return <>{translate('resources.gameDenominations.edit_title', { name: record.name, game: game?.title ?? '' })}</>;
}

function EditActions() {
  const { record } = useEditContext<AdminGameDenomination>();
  return <BackToGame game={useGame(record?.gameId)} />;
}

export function GameDenominationEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<EditTitle />} actions={<EditActions />} transform={denominationPayload} redirect={backToGame}>
      <DenominationForm toolbar={<SaveOnlyToolbar />} />
    </Edit>
  );
}
