import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { AdminGame, AdminGameDenomination } from '@topup/common/api';
import { useState } from 'react';
import {
  Button,
  Confirm,
  Create,
  Edit,
  HttpError,
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
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { errorNotification } from '../components/errors';
import { useConfirmedUpdate, type UpdateToConfirm } from '../components/useConfirmedUpdate';
import { formatMoney } from '../lib/money';
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

/** The details of a 409 asking to confirm a price below cost, if that is what the error is. */
function lossToConfirm(error: unknown): PriceBelowCost | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const body = error.body as { error?: { code?: string; details?: PriceBelowCost } } | undefined;
  return body?.error?.code === 'PRICE_BELOW_COST' ? body.error.details : undefined;
}

interface PriceBelowCost {
  currency: string;
  price: number;
  cost: number;
}

interface PendingLoss extends UpdateToConfirm<AdminGameDenomination> {
  details: PriceBelowCost;
}

/** Asks before saving a price below the cheapest source's cost, and saves it confirmed (`sellAtLoss`), audited like any change. */
function ConfirmLoss({ pending, onClose }: { pending: PendingLoss; onClose: () => void }) {
  const { send, isPending } = useConfirmedUpdate('gameDenominations');
  const redirect = useRedirect();
  const { details } = pending;
  const confirm = () => send(pending, { sellAtLoss: true }, { close: onClose, saved: () => redirect(gameDenominationsPath(pending.previousData.gameId)) });
  return (
    <Confirm
      isOpen
      loading={isPending}
      title="resources.gameDenominations.loss_confirm.title"
      content="resources.gameDenominations.loss_confirm.content"
      translateOptions={{ currency: details.currency.toUpperCase(), price: formatMoney(details.price, details.currency), cost: formatMoney(details.cost, details.currency) }}
      confirm="resources.gameDenominations.loss_confirm.save"
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

export function GameDenominationEdit() {
  const [pending, setPending] = useState<PendingLoss | null>(null);
  const notify = useNotify();
  return (
    <>
      <Edit
        mutationMode="pessimistic"
        title={<EditTitle />}
        actions={<EditActions />}
        transform={denominationPayload}
        redirect={backToGame}
        mutationOptions={{
          onError: (error, variables) => {
            const details = lossToConfirm(error);
            if (!details || variables.id === undefined) {
              notify(...errorNotification(error));
              return;
            }
            setPending({ id: variables.id, data: variables.data as Record<string, unknown>, previousData: variables.previousData as AdminGameDenomination, details });
          },
        }}
      >
        <DenominationForm toolbar={<SaveOnlyToolbar />} />
      </Edit>
      {pending && <ConfirmLoss pending={pending} onClose={() => setPending(null)} />}
    </>
  );
}
