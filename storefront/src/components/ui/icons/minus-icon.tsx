import { createIcon } from './create-icon';

export const MinusIcon = createIcon(<path d="M5 12h14" />);
