import { createIcon } from './create-icon';

export const OrdersIcon = createIcon(
  <>
    <path d="M6 3h12a1 1 0 0 1 1 1v17l-3-2-2.5 2L12 19l-1.5 2L8 19l-3 2V4a1 1 0 0 1 1-1z" />
    <path d="M9 8h6M9 12h6" />
  </>,
);
