import { createIcon } from './create-icon';

export const PrintIcon = createIcon(
  <>
    <path d="M6 9V3h12v6" />
    <rect x="3" y="9" width="18" height="8" rx="2" />
    <rect x="7" y="14" width="10" height="7" rx="1" />
  </>,
);
