export { AppBar } from './AppBar';
export { Layout } from './Layout';
export { LoginPage } from './LoginPage';
export { Menu } from './Menu';
export { darkTheme, lightTheme } from './themes';
