import { createIcon } from './create-icon';

export const CardIcon = createIcon(
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
    <path d="M2.5 10h19M6.5 15h4" />
  </>,
);
