import { createIcon } from './create-icon';

export const SparkIcon = createIcon(
  <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3z" />,
  { fill: true },
);
