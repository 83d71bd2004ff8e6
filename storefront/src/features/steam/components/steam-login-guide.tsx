import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { InfoIcon } from '../../../components/ui/icons/info-icon';
import styles from './steam-page.module.css';

/** Where to read the Steam login (4 steps), closed by 'Got it', Escape or the backdrop. */
export function SteamLoginGuide({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const steps = [t('steam.guide.step_open'), t('steam.guide.step_profile'), t('steam.guide.step_account'), t('steam.guide.step_login')];
  return (
    <Dialog open={open} onClose={onClose} title={t('steam.guide.title')} icon={<InfoIcon size={22} />}>
      <ol className={styles.guideSteps}>
        {steps.map((step, index) => (
          <li key={index}>
            <span className={styles.guideNumber} aria-hidden="true">
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--primary btn--block" onClick={onClose} data-autofocus>
        {t('steam.guide.got_it')}
      </button>
    </Dialog>
  );
}
