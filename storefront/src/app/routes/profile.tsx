import { useTranslation } from 'react-i18next';
import { ProfileView } from '../../features/profile/components/profile-view';

export function ProfileRoute() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <title>{`${t('profile.title')} — ${t('app.name')}`}</title>
      <ProfileView />
    </div>
  );
}

export { ProfileRoute as Component };
