import { createIcon } from './create-icon';

export const BoltIcon = createIcon(<path d="M13 2L4 14h7l-1 8 9-12h-7l1-8z" />);
