import type { OrderStatus } from '@topup/common';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { ClockIcon } from '../../../components/ui/icons/clock-icon';
import { CloseIcon } from '../../../components/ui/icons/close-icon';
import { statusDisplay } from '../utils/order-status';

const ICONS = { progress: ClockIcon, success: CheckIcon, danger: AlertIcon, muted: CloseIcon } as const;

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const { key, tone } = statusDisplay(status);
  const Icon = ICONS[tone];
  return (
    <span className={`pill pill--${tone}`} data-testid="order-status" data-status={status}>
      <Icon size={14} />
      {t(key)}
    </span>
  );
}
