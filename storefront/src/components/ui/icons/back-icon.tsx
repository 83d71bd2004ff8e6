import { createIcon } from './create-icon';

export const BackIcon = createIcon(<path d="M19 12H5M11 6l-6 6 6 6" />);
