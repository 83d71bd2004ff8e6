import { useTranslation } from 'react-i18next';
import type { RecentPlayer } from '../../lib/recent-players';
import { UserIcon } from '../ui/icons/user-icon';
import styles from './recent-players.module.css';

/** The accounts the shopper used on this game page before, each with its confirmed nickname: one tap fills it in again. */
export function RecentPlayers({ players, onPick, disabled }: { players: readonly RecentPlayer[]; onPick: (player: RecentPlayer) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  if (players.length === 0) return null;
  return (
    <div className={styles.recent} role="group" aria-label={t('games.recent_players')} data-testid="recent-players">
      <span className={styles.label}>{t('games.recent_players')}</span>
      {players.map((player) => (
        <button key={player.account} type="button" className={`btn btn--sm btn--ghost ${styles.player}`} onClick={() => onPick(player)} disabled={disabled}>
          <UserIcon size={14} />
          <span className={styles.account}>{player.account}</span>
          {player.name && <span className={styles.name}>{player.name}</span>}
        </button>
      ))}
    </div>
  );
}
