import { createIcon } from './create-icon';

export const ArrowRightIcon = createIcon(<path d="M9 5l7 7-7 7" />);
