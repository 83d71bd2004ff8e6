import { useMutation } from '@tanstack/react-query';
import type { GamePlayerCheck } from '@topup/common/api';
import { api } from '../../../lib/api-client';
import type { FieldValues } from '../utils/fields';

/** POST /games/:slug/check-player: the player's nickname, or the game's word that there is none. */
export function checkGamePlayer({ slug, fields }: { slug: string; fields: FieldValues }): Promise<GamePlayerCheck> {
  return api.post<GamePlayerCheck>(`/games/${encodeURIComponent(slug)}/check-player`, { fields });
}

/** The nickname when the game found the player, else null. */
export function checkedPlayerName(answer: GamePlayerCheck): string | null {
  const name = answer.success ? answer.player_name.trim() : '';
  return name ? name : null;
}

export function useCheckGamePlayer(slug: string) {
  return useMutation({ mutationFn: (fields: FieldValues) => checkGamePlayer({ slug, fields }) });
}
