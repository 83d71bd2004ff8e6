import { Box, Button, List, ListItem, TextField, Typography } from '@mui/material';
import { fromMinor, ORDER_NOTE_MAX_LENGTH } from '@topup/common';
import type { AdminOrderEvent, OrderNotice } from '@topup/common/api';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { errorNotification } from '../components/errors';
import { useFormatDateTime } from '../components/LocalizedDateField';
import { formatMoney } from '../lib/money';
import { noticesText } from './orderNotices';
import { useApiRequest } from '../lib/useApiRequest';
import type { ShownOrder } from './types';

type Translate = ReturnType<typeof useTranslate>;

/** Why a payment flagged its order (an attention_raised event's `cause`); any other flag is a delivery's. */
const PAYMENT_ATTENTION_CAUSES = ['payment_mismatch', 'payment_refused'];

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** An amount an event carries in minor units of its currency: a payment's or refund's `amount`, an order's `total`. */
function money(payload: AdminOrderEvent['payload']): string {
  const minor = payload.amount ?? payload.total;
  return typeof minor === 'number' ? formatMoney(fromMinor(minor), text(payload.currency)) : '—';
}

/** What happened, in one line of the interface language. */
function headline(event: AdminOrderEvent, translate: Translate): string {
  const { payload } = event;
  const status = (value: unknown) => translate(`resources.orders.status.${String(value)}`, { _: String(value) });
  switch (event.kind) {
    case 'payment_created': {
      // Named by the method it was started with (card, SBP, Payme, Click); an event without one reads as a card's.
      const card = translate('order_timeline.events.payment_created.card', { amount: money(payload) });
      return translate(`order_timeline.events.payment_created.${String(payload.method)}`, { amount: money(payload), _: card });
    }
    case 'placed':
    case 'payment_succeeded':
    case 'payment_late':
      return translate(`order_timeline.events.${event.kind}`, { amount: money(payload) });
    case 'status_changed':
      return translate('order_timeline.events.status_changed', { from: status(payload.from), to: status(payload.to) });
    case 'delivery_attempt':
      return translate(`order_timeline.events.delivery_attempt.${text(payload.outcome) ?? 'unavailable'}`);
    case 'codes_delivered':
      return translate('order_timeline.events.codes_delivered', { smart_count: Number(payload.codes ?? 0) });
    case 'attention_raised':
      return translate(`order_timeline.events.${PAYMENT_ATTENTION_CAUSES.includes(String(payload.cause)) ? String(payload.cause) : 'attention_raised'}`);
    case 'refunded':
      return translate(`order_timeline.events.refunded.${payload.destination === 'card' ? 'card' : 'balance'}`, { amount: money(payload) });
    default:
      return translate(`order_timeline.events.${event.kind}`);
  }
}

/**
 * The words an event carries: what the shopper was told (notices, money in minor units as events keep
 * it), the provider's answer, a note; events recorded before notices had codes keep their `reason`.
 */
function details(event: AdminOrderEvent, translate: Translate): string | undefined {
  const { payload } = event;
  const reference = text(payload.reference);
  if (event.kind === 'delivery_attempt' && reference) return translate('order_timeline.reference', { reference });
  const told = Array.isArray(payload.notices) ? noticesText(payload.notices as OrderNotice[], translate, { minorUnits: true }) : undefined;
  return text(payload.text) ?? text(payload.detail) ?? text(told) ?? text(payload.reason);
}

/** Adds a back-office note to the order's timeline. */
function NoteForm({ orderId }: { orderId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);

  const add = async () => {
    if (pending || note.trim() === '') return;
    setPending(true);
    try {
      await request('POST', `${RESOURCE_ENDPOINTS.orders}/${orderId}/notes`, { note: note.trim() });
      notify('order_timeline.note.added', { type: 'info' });
      setNote('');
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, mt: 2 }}>
      <TextField
        label={translate('order_timeline.note.label')}
        helperText={translate('order_timeline.note.hint')}
        value={note}
        onChange={(event) => setNote(event.target.value.slice(0, ORDER_NOTE_MAX_LENGTH))}
        multiline
        minRows={1}
        fullWidth
        size="small"
        disabled={pending}
      />
      <Button variant="outlined" onClick={() => void add()} disabled={pending || note.trim() === ''} sx={{ flexShrink: 0 }}>
        {translate('order_timeline.note.add')}
      </Button>
    </Box>
  );
}

/** The order's history, oldest first: when, who (an admin, or the store itself), what happened and why. */
export function OrderTimeline() {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  const formatDateTime = useFormatDateTime();
  if (!order) return null;
  const events = order.timeline ?? [];
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('order_timeline.title')}
      </Typography>
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('order_timeline.empty')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="order-timeline">
          {events.map((event) => {
            const said = details(event, translate);
            const alarming = event.kind === 'attention_raised' || (event.kind === 'delivery_attempt' && event.payload.outcome !== 'succeeded' && event.payload.outcome !== 'pending');
            return (
              <ListItem
                key={event.id}
                disableGutters
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '150px minmax(0, 1fr)' },
                  gap: { xs: 0, sm: 2 },
                  borderLeft: 3,
                  borderColor: alarming ? 'error.main' : 'divider',
                  pl: 1.5,
                  py: 0.75,
                }}
              >
                <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDateTime(event.createdAt)}
                  {' · '}
                  {event.actorNickname ?? translate('order_timeline.store')}
                </Typography>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {headline(event, translate)}
                  </Typography>
                  {said && (
                    <Typography variant="body2" color={alarming ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                      {said}
                    </Typography>
                  )}
                </Box>
              </ListItem>
            );
          })}
        </List>
      )}
      <NoteForm orderId={order.id} />
    </>
  );
}
