import { createIcon } from './create-icon';

export const ChevronDownIcon = createIcon(<path d="M6 9l6 6 6-6" />);
