import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { GamePageLayout, GamePanel, GameSteps } from '../../../components/game-topup/game-page-layout';
import { FREEFIRE_IMAGE } from '../utils/topup-data';
import { FREEFIRE_TABS, parseFreefireTab, searchForTab, type FreefireTab } from '../utils/tabs';
import { ActivateCodeTab } from './activate-code-tab';
import { BuyCodes } from './buy-codes';
import { TopupTab } from './topup-tab';
import styles from './freefire-page.module.css';

/** /products/freefire: top-up by player ID, or activation of a bought code (`?tab=activate`); under both, Free Fire codes for sale. */
export function FreefirePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const active = parseFreefireTab(searchParams);
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<FreefireTab, HTMLButtonElement | null>>>({});
  const tabId = (tab: FreefireTab) => `${baseId}-tab-${tab}`;
  const panelId = (tab: FreefireTab) => `${baseId}-panel-${tab}`;

  // The query string is rewritten in place: switching tabs adds no history entry.
  const select = (tab: FreefireTab) => setSearchParams((current) => searchForTab(current, tab), { replace: true });

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = FREEFIRE_TABS.indexOf(active);
    const last = FREEFIRE_TABS.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index + 1) % FREEFIRE_TABS.length
      : event.key === 'ArrowLeft' ? (index - 1 + FREEFIRE_TABS.length) % FREEFIRE_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    const tab = FREEFIRE_TABS[target] ?? 'topup';
    select(tab);
    tabRefs.current[tab]?.focus();
  };

  const labels: Record<FreefireTab, string> = { topup: t('freefire.tab_topup'), activate: t('freefire.tab_activate') };

  return (
    <GamePageLayout
      image={FREEFIRE_IMAGE}
      title={t('freefire.title')}
      description={t('freefire.description')}
      aside={
        active === 'topup' ? (
          <GameSteps title={t('games.how_it_works')} steps={[t('freefire.steps.find'), t('freefire.steps.offer'), t('freefire.steps.pay')]} />
        ) : (
          <GameSteps
            title={t('games.how_it_works')}
            steps={[t('freefire.activate_steps.find'), t('freefire.activate_steps.code'), t('freefire.activate_steps.activate')]}
          />
        )
      }
    >
      <GamePanel>
        <div role="tablist" aria-label={t('freefire.tabs_label')} className={`segmented ${styles.tabs}`}>
          {FREEFIRE_TABS.map((tab) => (
            <button
              key={tab}
              ref={(element) => {
                tabRefs.current[tab] = element;
              }}
              id={tabId(tab)}
              type="button"
              role="tab"
              className={`segmented__option ${styles.tab}`}
              aria-selected={active === tab}
              aria-controls={panelId(tab)}
              tabIndex={active === tab ? 0 : -1}
              onClick={() => select(tab)}
              onKeyDown={onKeyDown}
            >
              {labels[tab]}
            </button>
          ))}
        </div>
        {/* Both panels stay mounted so what was typed in one survives a look at the other. */}
        <div role="tabpanel" id={panelId('topup')} aria-labelledby={tabId('topup')} hidden={active !== 'topup'} className={styles.panel}>
          <TopupTab />
        </div>
        <div
          role="tabpanel"
          id={panelId('activate')}
          aria-labelledby={tabId('activate')}
          hidden={active !== 'activate'}
          className={styles.panel}
        >
          <ActivateCodeTab />
        </div>
      </GamePanel>
      <BuyCodes />
    </GamePageLayout>
  );
}
