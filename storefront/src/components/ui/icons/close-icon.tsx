import { createIcon } from './create-icon';

export const CloseIcon = createIcon(<path d="M6 6l12 12M18 6L6 18" />);
