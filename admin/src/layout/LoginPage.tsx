import { Login } from 'react-admin';
import { LoginForm } from './LoginForm';
import { Logo } from './Logo';

/** react-admin's login page on the storefront's hero background, with the store's mark and a two-step form. */
export function LoginPage() {
  return (
    <Login
      backgroundImage="/images/hero-bg.svg"
      avatarIcon={<Logo size={40} />}
      sx={{
        '& .RaLogin-avatar .MuiAvatar-root': { bgcolor: 'transparent', width: 48, height: 48 },
        '& .RaLogin-card': { borderRadius: 3 },
      }}
    >
      <LoginForm />
    </Login>
  );
}
