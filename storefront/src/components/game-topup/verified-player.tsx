import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../ui/icons/check-icon';
import styles from './verified-player.module.css';

/** The nickname the game confirmed, in a green box under the player's details (announced as it appears). */
export function VerifiedPlayer({ id, name }: { id?: string; name: string | null }) {
  const { t } = useTranslation();
  const box = useRef<HTMLParagraphElement>(null);

  // The toast announcing the player shows at the bottom of the screen: the box moves up out of its way.
  useEffect(() => {
    if (name) box.current?.scrollIntoView({ block: 'nearest' });
  }, [name]);

  return (
    <div aria-live="polite">
      {name && (
        <p ref={box} id={id} className={styles.verified} data-testid="verified-player">
          <span className={styles.verifiedIcon} aria-hidden="true">
            <CheckIcon size={16} />
          </span>
          <span className={styles.verifiedText}>
            <span className={styles.verifiedLabel}>{t('games.verified_player')}</span>
            <strong className={styles.verifiedName}>{name}</strong>
          </span>
        </p>
      )}
    </div>
  );
}
