import { createIcon } from './create-icon';

export const SupportIcon = createIcon(
  <>
    <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19c0 1.5-1.5 2-4 2h-2" />
  </>,
);
