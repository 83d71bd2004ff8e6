import { createIcon } from './create-icon';

export const MenuIcon = createIcon(<path d="M4 7h16M4 12h16M4 17h16" />);
