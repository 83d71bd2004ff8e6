import type { PubgPlayerCheck } from '@topup/common/api';
import { api } from '../../../lib/api-client';

/** The nickname when the game confirms the player (success, data.status 'success' and a name), else null. */
export function pubgPlayerName(response: PubgPlayerCheck | null | undefined): string | null {
  if (!response?.success || response.data.status !== 'success') return null;
  const name = response.data.player_name.trim();
  return name ? name : null;
}

/** POST /pubg/check-id: the player's nickname, or null for an unknown player. */
export async function checkPubgPlayer(playerId: string): Promise<string | null> {
  return pubgPlayerName(await api.post<PubgPlayerCheck>('/pubg/check-id', { playerID: playerId }));
}
