import { useCallback, useState } from 'react';
import { useSession } from '../lib/auth';
import { recentPlayers, rememberPlayer, type RecentPlayer } from '../lib/recent-players';

/** The signed-in shopper's recent accounts on a game page, and how to remember one more (a visitor has none). */
export function useRecentPlayers(game: string) {
  const userId = useSession()?.userId ?? null;
  const [remembered, setRemembered] = useState<{ userId: string | null; list: RecentPlayer[] }>(() => ({
    userId,
    list: userId ? recentPlayers(userId, game) : [],
  }));
  // A sign-in or sign-out on this page reads the new shopper's list.
  const list = remembered.userId === userId ? remembered.list : userId ? recentPlayers(userId, game) : [];

  const remember = useCallback(
    (player: RecentPlayer) => {
      if (userId) setRemembered({ userId, list: rememberPlayer(userId, game, player) });
    },
    [userId, game],
  );

  return { recent: list, remember };
}
