import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { AlertIcon } from '../ui/icons/alert-icon';
import { StateView } from '../ui/state-views';

/** Shown instead of a page that failed to render or to load its code. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="container page">
        <StateView
          headingLevel={1}
          title={t('errors.not_found_title')}
          text={t('errors.not_found_text')}
          actions={
            <Link to="/" className="btn btn--primary">
              {t('errors.back_home')}
            </Link>
          }
        />
      </div>
    );
  }

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
