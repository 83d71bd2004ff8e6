import { Alert, Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { ListButton, RecordField, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { MoneyField } from '../components/MoneyField';
import { ChangeOrderStatusButton } from './ChangeOrderStatusButton';
import { OrderAttentionAlert } from './OrderAttentionAlert';
import { noticesText } from './orderNotices';
import { OrderItems } from './OrderItems';
import { OrderTimeline } from './OrderTimeline';
import { OrderPayment } from './OrderPayment';
import { OrderStatusChip } from './OrderStatusField';
import { RefundOrderButton } from './RefundOrderButton';
import { RetryDeliveryButton } from './RetryDeliveryButton';
import type { ShownOrder } from './types';
import { UserLinkField } from './UserLinkField';

function OrderShowActions() {
  return (
    <TopToolbar>
      <ChangeOrderStatusButton />
      <RetryDeliveryButton flagged={false} />
      <RefundOrderButton />
      <ListButton />
    </TopToolbar>
  );
}

function OrderDate({ source }: { source: 'createdAt' | 'paidAt' | 'completedAt' }) {
  return (
    <RecordField source={source}>
      <LocalizedDateField source={source} showTime emptyText="—" />
    </RecordField>
  );
}

function OrderSummary() {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  if (!order) return null;
  return (
    <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('resources.orders.title', { id: order.id })}
        </Typography>
        <OrderStatusChip status={order.status} size="medium" />
      </Box>
      <OrderAttentionAlert />
      {order.notices.length > 0 && (
        <Alert severity={order.status === 'failed' ? 'error' : 'warning'} sx={{ mb: 2 }} data-testid="order-notices">
          <strong>{translate('resources.orders.fields.notices')}:</strong> {noticesText(order.notices, translate)}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <RecordField source="userNickname">
          <UserLinkField />
        </RecordField>
        <RecordField source="total">
          <MoneyField source="total" currencySource="currency" sx={{ fontWeight: 800, fontSize: '1.1rem' }} />
        </RecordField>
        <RecordField source="totalUsd">
          <MoneyField source="totalUsd" currency="usd" />
        </RecordField>
        {(order.promotionDiscount ?? 0) > 0 && (
          <RecordField source="promotionDiscount">
            <MoneyField source="promotionDiscount" currencySource="currency" />
          </RecordField>
        )}
        {order.discount > 0 && (
          <RecordField
            source="discount"
            label={order.promoCode ? translate('resources.orders.discount_code', { code: order.promoCode }) : undefined}
          >
            <MoneyField source="discount" currencySource="currency" />
          </RecordField>
        )}
        <RecordField source="kind" render={(record: ShownOrder) => translate(`resources.orders.kind.${record.kind}`, { _: record.kind })} />
        <RecordField
          source="paymentMethod"
          render={(record: ShownOrder) => translate(`resources.orders.payment.${record.paymentMethod}`, { _: record.paymentMethod })}
        />
        <OrderDate source="createdAt" />
        <OrderDate source="paidAt" />
        <OrderDate source="completedAt" />
      </Box>
    </CardContent>
  );
}

/**
 * One order: who, what, how much, its items and top-up data, its payment and refunds, its timeline
 * with notes, with status change and refund, and Retry delivery when its delivery ran out of attempts.
 */
export function OrderShow() {
  const translate = useTranslate();
  return (
    <Show actions={<OrderShowActions />} component="div">
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Card variant="outlined">
          <OrderSummary />
        </Card>
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('resources.orders.fields.items')}
            </Typography>
            <Divider sx={{ mb: 1 }} />
            <OrderItems />
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ minWidth: 0 }}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <OrderPayment />
          </CardContent>
        </Card>
        <Card variant="outlined" sx={{ minWidth: 0 }}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <OrderTimeline />
          </CardContent>
        </Card>
      </Box>
    </Show>
  );
}
