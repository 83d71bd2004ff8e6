import { createIcon } from './create-icon';

export const ArrowLeftIcon = createIcon(<path d="M15 5l-7 7 7 7" />);
