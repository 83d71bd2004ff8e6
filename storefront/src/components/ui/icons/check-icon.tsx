import { createIcon } from './create-icon';

export const CheckIcon = createIcon(<path d="M5 12.5l4.5 4.5L19 7.5" />);
