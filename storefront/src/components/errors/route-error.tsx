import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../ui/icons/alert-icon';
import { StateView } from '../ui/state-views';

/** Shown instead of a page that failed to render or to load its code. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="container page" role="alert">
      <StateView
        headingLevel={1}
        tone="danger"
        icon={<AlertIcon size={28} />}
        title={t('errors.page_title')}
        text={t('errors.page_text')}
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              {t('errors.reload')}
            </button>
            <a href="/" className="btn">
              {t('errors.back_home')}
            </a>
          </>
        }
      />
    </div>
  );
}
