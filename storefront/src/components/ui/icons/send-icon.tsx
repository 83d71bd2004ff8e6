import { createIcon } from './create-icon';

export const SendIcon = createIcon(<path d="M21 3L10 14M21 3l-7 18-4-7-7-4 18-7z" />);
