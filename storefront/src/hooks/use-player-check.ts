import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { useToast } from '../components/ui/toast/toast-provider';
import { useKeptState } from './use-kept-state';
import { normalizePlayerId, playerCheckErrorText, verifiedNameFor, type VerifiedPlayer } from '../utils/player-check';

/** Asks the game whether a player exists: the nickname, or null for an unknown player. */
export type PlayerLookup = (playerId: string) => Promise<string | null>;

/**
 * The Find button of a game page: checks the id, remembers the verified nickname for that id, and
 * tells the shopper how it went ('player found' / 'invalid id' / 'failed to verify').
 * `enterIdMessage` is the game's own 'please enter id' text; `keptAs` names the verified player on
 * its page, so it survives the login detour (useKeptState).
 */
export function usePlayerCheck(lookup: PlayerLookup, enterIdMessage: string, keptAs: string) {
  const { t } = useTranslation();
  const toast = useToast();
  const [verified, setVerified] = useKeptState<VerifiedPlayer | null>(keptAs, null);
  // mutateAsync is stable across renders (the mutation result object is not), so `find` stays stable too.
  const { mutateAsync: lookUp, isPending: checking } = useMutation({ mutationFn: lookup });

  /** Resolves to the nickname when the player exists, else null (the shopper has been told why). */
  const find = useCallback(
    async (rawPlayerId: string): Promise<string | null> => {
      const playerId = normalizePlayerId(rawPlayerId);
      if (!playerId) {
        toast.warning(enterIdMessage);
        return null;
      }
      try {
        const name = await lookUp(playerId);
        if (name) {
          setVerified({ playerId, name });
          toast.success(t('games.player_found', { name }));
          return name;
        }
        setVerified(null);
        toast.error(t('games.invalid_id'));
        return null;
      } catch (error) {
        setVerified(null);
        toast.error(playerCheckErrorText(t, error));
        return null;
      }
    },
    [lookUp, enterIdMessage, t, toast, setVerified],
  );

  const reset = useCallback(() => setVerified(null), [setVerified]);

  return {
    find,
    reset,
    checking,
    /** The nickname verified for this id, or null. */
    nameFor: (rawPlayerId: string) => verifiedNameFor(verified, rawPlayerId),
  };
}
