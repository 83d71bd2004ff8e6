import { api } from '../../../lib/api-client';

export interface FreefirePlayerCheckResponse {
  success: boolean;
  player_name?: string;
  error?: string;
}

/** The nickname when the game knows the player (success and a name), else null. */
export function freefirePlayerName(response: FreefirePlayerCheckResponse | null | undefined): string | null {
  const name = response?.success ? response.player_name?.trim() : undefined;
  return name ? name : null;
}

/** POST /freefire/check-id: the player's nickname, or null for an unknown player. */
export async function checkFreefirePlayer(playerId: string): Promise<string | null> {
  return freefirePlayerName(await api.post<FreefirePlayerCheckResponse>('/freefire/check-id', { playerID: playerId }));
}
