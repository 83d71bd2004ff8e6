import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StateView } from '../../components/ui/state-views';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <title>{`${t('errors.not_found_title')} — ${t('app.name')}`}</title>
      <StateView
        headingLevel={1}
        icon={<span style={{ fontSize: 22, fontWeight: 900 }}>404</span>}
        title={t('errors.not_found_title')}
        text={t('errors.not_found_text')}
        actions={
          <>
            <Link to="/" className="btn btn--primary">
              {t('errors.back_home')}
            </Link>
            <Link to="/products" className="btn">
              {t('nav.products')}
            </Link>
          </>
        }
      />
    </div>
  );
}

export { NotFoundRoute as Component };
