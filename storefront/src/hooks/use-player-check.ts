import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../components/ui/toast/toast-provider';
import { useKeptState } from './use-kept-state';
import { useRecentPlayers } from './use-recent-players';
import { normalizePlayerId, playerCheckErrorText, verifiedNameFor, type VerifiedPlayer } from '../utils/player-check';

/** Asks the game whether a player exists: the nickname, or null for an unknown player. */
export type PlayerLookup = (playerId: string) => Promise<string | null>;

/** Why the last check of an id failed, in the shopper's language, shown under the field while the id stays as it was. */
interface CheckFailure {
  playerId: string;
  message: string;
}

/**
 * The Find button of a game page: checks the id, remembers the verified nickname for that id (and the
 * account among the shopper's recent ones of `game`), and says how it went: the player found, or why
 * not ('invalid id', 'failed to verify') under the field. `enterIdMessage` is the game's own 'please
 * enter id' text; `keptAs` names the verified player on its page, so it survives the login detour
 * (useKeptState).
 */
export function usePlayerCheck(game: string, lookup: PlayerLookup, enterIdMessage: string, keptAs: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [verified, setVerified] = useKeptState<VerifiedPlayer | null>(keptAs, null);
  const [failure, setFailure] = useState<CheckFailure | null>(null);
  const { recent, remember } = useRecentPlayers(game);
  // mutateAsync is stable across renders (the mutation result object is not), so `find` stays stable too.
  const { mutateAsync: lookUp, isPending: checking } = useMutation({ mutationFn: lookup });

  /** Resolves to the nickname when the player exists, else null (the shopper has been told why). */
  const find = useCallback(
    async (rawPlayerId: string): Promise<string | null> => {
      const playerId = normalizePlayerId(rawPlayerId);
      setFailure(null);
      if (!playerId) {
        toast.warning(enterIdMessage);
        return null;
      }
      try {
        const name = await lookUp(playerId);
        if (name) {
          setVerified({ playerId, name });
          remember({ account: playerId, name });
          toast.success(t('games.player_found', { name }));
          return name;
        }
        setVerified(null);
        setFailure({ playerId, message: t('games.invalid_id') });
        return null;
      } catch (error) {
        setVerified(null);
        setFailure({ playerId, message: playerCheckErrorText(t, error) });
        return null;
      }
    },
    [lookUp, enterIdMessage, t, toast, setVerified, remember],
  );

  const reset = useCallback(() => setVerified(null), [setVerified]);

  return {
    find,
    reset,
    checking,
    /** The accounts the shopper checked on this game before, the latest first. */
    recent,
    /** The nickname verified for this id, or null. */
    nameFor: (rawPlayerId: string) => verifiedNameFor(verified, rawPlayerId),
    /** Why the check of this very id failed, or null (an edited id has not been checked yet). */
    errorFor: (rawPlayerId: string) => (failure !== null && failure.playerId === normalizePlayerId(rawPlayerId) ? failure.message : null),
  };
}
