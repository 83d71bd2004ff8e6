import PaymentsIcon from '@mui/icons-material/Payments';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Box,
  Chip,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type ChipProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { formatMoney } from '../lib/money';
import { LEDGER_REASONS } from '@topup/common';
import type { AdminOrderPayment, AdminOrderRefund } from '@topup/common/api';
import type { ShownOrder } from './types';

const PAYMENT_COLORS: Record<string, ChipProps['color']> = {
  pending: 'warning',
  paid: 'success',
  declined: 'error',
  expired: 'default',
  refunded: 'info',
};

const REFUND_COLORS: Record<string, ChipProps['color']> = { pending: 'warning', in_doubt: 'error', succeeded: 'success', failed: 'error' };

/** A label above its value, as the order summary's fields read. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function SectionTitle({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
      {icon}
      <Typography variant="h6" component="h2">
        {children}
      </Typography>
    </Stack>
  );
}

function PaymentFacts({ payment }: { payment: AdminOrderPayment }) {
  const translate = useTranslate();
  const formatDate = useFormatDateTime();
  const label = (field: string) => translate(`resources.orders.gateway.${field}`);
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}
      data-testid="order-payment"
    >
      <Fact label={label('provider')}>{payment.provider}</Fact>
      <Fact label={label('providerPaymentId')}>
        <Box component="code" sx={{ fontSize: '0.8rem' }}>
          {payment.providerPaymentId ?? '—'}
        </Box>
      </Fact>
      <Fact label={label('method')}>{translate(`resources.orders.gateway.methods.${payment.method}`, { _: payment.method })}</Fact>
      <Fact label={label('status')}>
        <Chip
          size="small"
          color={PAYMENT_COLORS[payment.status] ?? 'default'}
          label={translate(`resources.orders.gateway.statuses.${payment.status}`, { _: payment.status })}
        />
      </Fact>
      <Fact label={label('amount')}>
        <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(payment.amount, payment.currency)}
        </Box>{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          {payment.currency.toUpperCase()}
        </Typography>
      </Fact>
      <Fact label={label('refundedAmount')}>{formatMoney(payment.refundedAmount, payment.currency)}</Fact>
      <Fact label={label('gatewayStatus')}>{payment.gatewayStatus ?? '—'}</Fact>
      <Fact label={label('createdAt')}>{formatDate(payment.createdAt)}</Fact>
      <Fact label={label('paidAt')}>{formatDate(payment.paidAt)}</Fact>
    </Box>
  );
}

/** On a phone: one short block per row instead of a wide table. */
function PhoneRows({ rows, testId }: { rows: Array<{ key: string; head: ReactNode; facts: Array<[string, ReactNode]> }>; testId: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid={testId}>
      {rows.map((row, index) => (
        <Box key={row.key} sx={{ display: 'grid', gap: 0.75, minWidth: 0 }}>
          {index > 0 && <Divider sx={{ mb: 0.75 }} />}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>{row.head}</Box>
          {row.facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr)', gap: 1 }}>
              <Typography variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

const usePhone = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

/** An event's type in words (a webhook's, or a Payme or Click call's), its code beneath as the gateway names it. */
function EventType({ type }: { type: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid' }}>
      <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
        {translate(`resources.orders.gateway.event.types.${type.replaceAll('.', '_')}`, { _: type })}
      </Typography>
      <Box component="code" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        {type}
      </Box>
    </Box>
  );
}

function PaymentEvents({ payment }: { payment: AdminOrderPayment }) {
  const translate = useTranslate();
  const formatDate = useFormatDateTime();
  const isPhone = usePhone();
  const label = (field: string) => translate(`resources.orders.gateway.event.${field}`);
  const processed = (value: string | null) => (value ? formatDate(value) : label('not_processed'));
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate('resources.orders.gateway.events_title')}
      </Typography>
      {payment.events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.orders.gateway.events_none')}
        </Typography>
      ) : isPhone ? (
        <PhoneRows
          testId="order-payment-events"
          rows={payment.events.map((event) => ({
            key: String(event.id),
            head: <EventType type={event.eventType} />,
            facts: [
              [
                label('providerEventId'),
                <Box key="id" component="code" sx={{ fontSize: '0.75rem', wordBreak: 'break-all' }}>
                  {event.providerEventId}
                </Box>,
              ],
              [label('receivedAt'), formatDate(event.receivedAt)],
              [label('processedAt'), processed(event.processedAt)],
            ],
          }))}
        />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="order-payment-events">
            <TableHead>
              <TableRow>
                <TableCell>{label('eventType')}</TableCell>
                <TableCell>{label('providerEventId')}</TableCell>
                <TableCell>{label('receivedAt')}</TableCell>
                <TableCell>{label('processedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payment.events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell>
                    <EventType type={event.eventType} />
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all', minWidth: 160 }}>
                    <Box component="code" sx={{ fontSize: '0.8rem' }}>
                      {event.providerEventId}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(event.receivedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {processed(event.processedAt)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

function RefundStatus({ refund }: { refund: AdminOrderRefund }) {
  const translate = useTranslate();
  // A refund the gateway may or may not have made reads apart from one merely on its way.
  const status = refund.inDoubt ? 'in_doubt' : refund.status;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={REFUND_COLORS[status] ?? 'default'}
      label={translate(`resources.orders.refunds.statuses.${status}`, { _: status })}
    />
  );
}

function RefundReason({ refund }: { refund: AdminOrderRefund }) {
  const translate = useTranslate();
  // A balance credit without a note carries the ledger's reason code ("order_refund"): read in words.
  const reason = refund.reason && (LEDGER_REASONS as readonly string[]).includes(refund.reason) ? translate(`resources.users.ledger.reasons.${refund.reason}`) : refund.reason;
  return (
    <>
      {reason ?? '—'}
      {refund.failure && (
        <Typography variant="caption" color="error" component="div">
          {refund.failure}
        </Typography>
      )}
    </>
  );
}

function RefundRows({ refunds }: { refunds: AdminOrderRefund[] }) {
  const translate = useTranslate();
  const formatDate = useFormatDateTime();
  const isPhone = usePhone();
  const label = (field: string) => translate(`resources.orders.refunds.${field}`);
  const destination = (refund: AdminOrderRefund) =>
    translate(`resources.orders.refunds.destinations.${refund.destination}`, { _: refund.destination });
  if (refunds.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {label('none')}
      </Typography>
    );
  }
  if (isPhone) {
    return (
      <PhoneRows
        testId="order-refunds"
        rows={refunds.map((refund) => ({
          key: `${refund.destination}-${refund.id}`,
          head: (
            <>
              <Typography sx={{ fontWeight: 700 }}>
                {destination(refund)} · {formatMoney(refund.amount, refund.currency)}
              </Typography>
              <RefundStatus refund={refund} />
            </>
          ),
          facts: [
            [label('createdAt'), formatDate(refund.createdAt)],
            [label('reason'), <RefundReason key="reason" refund={refund} />],
          ],
        }))}
      />
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="order-refunds">
        <TableHead>
          <TableRow>
            <TableCell>{label('createdAt')}</TableCell>
            <TableCell>{label('destination')}</TableCell>
            <TableCell align="right">{label('amount')}</TableCell>
            <TableCell>{label('status')}</TableCell>
            <TableCell>{label('reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {refunds.map((refund) => (
            <TableRow key={`${refund.destination}-${refund.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(refund.createdAt)}</TableCell>
              <TableCell>{destination(refund)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
                {formatMoney(refund.amount, refund.currency)}
              </TableCell>
              <TableCell>
                <RefundStatus refund={refund} />
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <RefundReason refund={refund} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The order's gateway payment (with every event the gateway sent) and its refunds. */
export function OrderPayment() {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  if (!order) return null;
  const refunds = order.refunds ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ minWidth: 0 }}>
        <SectionTitle icon={<PaymentsIcon color="secondary" />}>{translate('resources.orders.gateway.title')}</SectionTitle>
        <Divider sx={{ mb: 2 }} />
        {order.payment ? (
          <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <PaymentFacts payment={order.payment} />
            <PaymentEvents payment={order.payment} />
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('resources.orders.gateway.none')}
          </Typography>
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <SectionTitle icon={<UndoIcon color="secondary" />}>{translate('resources.orders.refunds.title')}</SectionTitle>
        <Divider sx={{ mb: 1 }} />
        <RefundRows refunds={refunds} />
      </Box>
    </Box>
  );
}
