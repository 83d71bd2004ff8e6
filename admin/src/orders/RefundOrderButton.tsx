import UndoIcon from '@mui/icons-material/Undo';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { Button, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { formatMoney } from '../lib/money';
import { useApiRequest } from '../lib/useApiRequest';
import { canRefundOrder } from './orderStatus';
import type { AdminOrder } from './types';
import { errorNotification } from '../components/errors';

/** Most characters of the refund note (kept with the ledger entry). */
export const REFUND_NOTE_MAX_LENGTH = 500;

/** Refunds a paid order's total to the buyer's balance, after a confirmation with an optional note. */
export function RefundOrderButton() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  if (!order || !canRefundOrder(order)) return null;
  const amount = formatMoney(order.total, order.currency);

  const refund = async () => {
    setPending(true);
    try {
      const trimmed = note.trim();
      await request('POST', `${RESOURCE_ENDPOINTS.orders}/${order.id}/refund`, trimmed ? { note: trimmed } : {});
      notify('resources.orders.refund.done', { type: 'info', messageArgs: { amount, user: order.userNickname } });
      setOpen(false);
      setNote('');
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button label="resources.orders.actions.refund" onClick={() => setOpen(true)} color="warning">
        <UndoIcon />
      </Button>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="refund-title">
        <DialogTitle id="refund-title">{translate('resources.orders.refund.title', { id: order.id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('resources.orders.refund.content', { amount, user: order.userNickname })}
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
          <MuiButton onClick={() => setOpen(false)} disabled={pending}>
            {translate('ra.action.cancel')}
          </MuiButton>
          <MuiButton onClick={refund} disabled={pending} variant="contained" color="warning" startIcon={<UndoIcon />}>
            {translate('resources.orders.refund.confirm', { amount })}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
