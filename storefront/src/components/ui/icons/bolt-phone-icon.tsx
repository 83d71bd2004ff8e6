import { createIcon } from './create-icon';

export const BoltPhoneIcon = createIcon(
  <>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M12.5 7l-2.5 5h4l-2.5 5" />
  </>,
);
