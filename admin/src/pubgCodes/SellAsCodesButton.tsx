import StorefrontIcon from '@mui/icons-material/Storefront';
import { Dialog, DialogContent, DialogTitle, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { Button, Form, ReferenceInput, required, SelectInput, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';
import { postSellAsCodes } from './pubgApi';
import { PubgDenominationInput } from './PubgDenominationInput';

/** Chooses the package and the gift-code product its available codes move to. */
function SellAsCodesDialog({ onClose, defaultDenominationId }: { onClose: () => void; defaultDenominationId?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [sending, setSending] = useState(false);

  const submit = async (values: FieldValues) => {
    setSending(true);
    try {
      const result = await postSellAsCodes(request, { denominationId: Number(values.denominationId), productId: Number(values.productId) });
      notify('resources.pubgCodes.sellAsCodes.done', { type: 'success', messageArgs: { moved: result.moved, skipped: result.skipped } });
      refresh();
      onClose();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="sell-as-codes-title">
      <DialogTitle id="sell-as-codes-title">{translate('resources.pubgCodes.sellAsCodes.title')}</DialogTitle>
      <Form onSubmit={submit} defaultValues={{ denominationId: defaultDenominationId }}>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('resources.pubgCodes.sellAsCodes.help')}
          </Typography>
          <PubgDenominationInput label="resources.pubgCodes.fields.denominationId" />
          {/* Game pages take top-ups; codes are sold on gift-code products. */}
          <ReferenceInput source="productId" reference="products" filter={{ category: 'gift_card' }} perPage={200} sort={{ field: 'title', order: 'ASC' }}>
            <SelectInput label="resources.pubgCodes.sellAsCodes.productId" optionText="title" validate={required()} />
          </ReferenceInput>
        </DialogContent>
        <DialogSubmitActions onClose={onClose} closeLabel="ra.action.cancel" submitLabel="resources.pubgCodes.sellAsCodes.submit" submitIcon={<StorefrontIcon />} sending={sending} />
      </Form>
    </Dialog>
  );
}

/** Opens the dialog that puts a package's PUBG codes on sale as codes. */
export function SellAsCodesButton({ defaultDenominationId }: { defaultDenominationId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="resources.pubgCodes.sellAsCodes.open" onClick={() => setOpen(true)}>
        <StorefrontIcon />
      </Button>
      {open && <SellAsCodesDialog onClose={() => setOpen(false)} defaultDenominationId={defaultDenominationId} />}
    </>
  );
}
