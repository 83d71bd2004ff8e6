import type { FreefirePlayerCheck } from '@topup/common/api';
import { api } from '../../../lib/api-client';

/** The nickname when the game knows the player (success and a name), else null. */
export function freefirePlayerName(response: Partial<FreefirePlayerCheck> | null | undefined): string | null {
  const name = response?.success ? response.player_name?.trim() : undefined;
  return name ? name : null;
}

/** POST /freefire/check-id: the player's nickname, or null for an unknown player. */
export async function checkFreefirePlayer(playerId: string): Promise<string | null> {
  return freefirePlayerName(await api.post<FreefirePlayerCheck>('/freefire/check-id', { playerID: playerId }));
}
