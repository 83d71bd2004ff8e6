import { createIcon } from './create-icon';

export const LoginIcon = createIcon(
  <>
    <path d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3" />
    <path d="M14 17l5-5-5-5M19 12H8" />
  </>,
);
