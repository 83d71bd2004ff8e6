import UndoIcon from '@mui/icons-material/Undo';
import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { REFUND_NOTE_MAX_LENGTH } from '@topup/common';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { formatMoney } from '../lib/money';
import { useApiRequest } from '../lib/useApiRequest';
import { canRefundOrder, canRefundToCard, type RefundDestination, refundDestinations } from './orderStatus';
import type { ShownOrder } from './types';
import { errorNotification } from '../components/errors';

/**
 * Refunds a paid order's total, after a confirmation with an optional note: to the buyer's balance,
 * or back to the card (or SBP account) a gateway-paid order was paid with, sent as `destination`.
 * `labelled`: the label shows on a phone too (a toolbar button shows only its icon there).
 */
export function RefundOrderButton({ labelled = false }: { labelled?: boolean }) {
  const order = useRecordContext<ShownOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<RefundDestination | null>(null);
  const [pending, setPending] = useState(false);
  const labelId = useId();
  if (!order || !canRefundOrder(order)) return null;
  const amount = formatMoney(order.total, order.currency);
  const toCard = canRefundToCard(order);
  const destination: RefundDestination = chosen ?? refundDestinations(order)[0] ?? 'balance';

  const close = () => {
    if (pending) return;
    setOpen(false);
    setChosen(null);
  };

  const refund = async () => {
    if (pending) return;
    setPending(true);
    try {
      const trimmed = note.trim();
      await request('POST', `${RESOURCE_ENDPOINTS.orders}/${order.id}/refund`, { destination, ...(trimmed ? { note: trimmed } : {}) });
      notify(destination === 'card' ? 'resources.orders.refund.done_card' : 'resources.orders.refund.done', {
        type: 'info',
        messageArgs: { amount, user: order.userNickname },
      });
      setOpen(false);
      setNote('');
      setChosen(null);
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setPending(false);
    }
  };

  const label = toCard ? 'resources.orders.actions.refund_any' : 'resources.orders.actions.refund';
  return (
    <>
      {labelled ? (
        <MuiButton onClick={() => setOpen(true)} color="warning" variant="outlined" size="small" startIcon={<UndoIcon />}>
          {translate(label)}
        </MuiButton>
      ) : (
        <Button label={label} onClick={() => setOpen(true)} color="warning">
          <UndoIcon />
        </Button>
      )}
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="refund-title">
        <DialogTitle id="refund-title">
          {translate(destination === 'card' ? 'resources.orders.refund.title_card' : 'resources.orders.refund.title', { id: order.id })}
        </DialogTitle>
        <DialogContent>
          <FormControl component="fieldset" disabled={pending} sx={{ mb: 2 }}>
            <FormLabel component="legend" id={labelId}>
              {translate('resources.orders.refund.destination')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={labelId}
              value={destination}
              onChange={(event) => setChosen(event.target.value as RefundDestination)}
            >
              <FormControlLabel
                value="balance"
                control={<Radio />}
                label={translate('resources.orders.refund.to_balance', { user: order.userNickname })}
              />
              <FormControlLabel
                value="card"
                control={<Radio />}
                disabled={!toCard}
                label={translate('resources.orders.refund.to_card', {
                  method: translate(`resources.orders.gateway.methods.${order.payment?.method ?? 'card'}`),
                })}
              />
            </RadioGroup>
            {!toCard && <FormHelperText>{translate('resources.orders.refund.card_unavailable')}</FormHelperText>}
          </FormControl>
          <DialogContentText sx={{ mb: 2 }}>
            {translate(destination === 'card' ? 'resources.orders.refund.content_card' : 'resources.orders.refund.content', {
              amount,
              user: order.userNickname,
            })}
          </DialogContentText>
          <TextField
            label={translate('resources.orders.refund.note')}
            helperText={translate('resources.orders.refund.note_hint')}
            value={note}
            onChange={(event) => setNote(event.target.value.slice(0, REFUND_NOTE_MAX_LENGTH))}
            multiline
            minRows={2}
            fullWidth
            disabled={pending}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={pending}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton onClick={() => void refund()} disabled={pending} variant="contained" color="warning" startIcon={<UndoIcon />}>
            {translate('resources.orders.refund.confirm', { amount })}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
