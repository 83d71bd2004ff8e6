import { api } from '../../../lib/api-client';

export interface PubgPlayerCheckResponse {
  success: boolean;
  data?: { status?: string; player_name?: string };
}

/** The nickname when the game confirms the player (success, data.status 'success' and a name), else null. */
export function pubgPlayerName(response: PubgPlayerCheckResponse | null | undefined): string | null {
  if (!response?.success || response.data?.status !== 'success') return null;
  const name = response.data.player_name?.trim();
  return name ? name : null;
}

/** POST /pubg/check-id: the player's nickname, or null for an unknown player. */
export async function checkPubgPlayer(playerId: string): Promise<string | null> {
  return pubgPlayerName(await api.post<PubgPlayerCheckResponse>('/pubg/check-id', { playerID: playerId }));
}
