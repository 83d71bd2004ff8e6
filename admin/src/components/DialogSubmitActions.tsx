import { Button as MuiButton, CircularProgress, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface DialogSubmitActionsProps {
  onClose: () => void;
  /** Translation key of the button that leaves the dialog. */
  closeLabel: string;
  /** Translation key of the form's submit button. */
  submitLabel: string;
  submitIcon: ReactNode;
  /** The form is being sent: both buttons wait, the submit button spins. */
  sending: boolean;
}

/** A form dialog's footer: leave, or submit the form (a spinner while it is sent). */
export function DialogSubmitActions({ onClose, closeLabel, submitLabel, submitIcon, sending }: DialogSubmitActionsProps) {
  const translate = useTranslate();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <MuiButton onClick={onClose} disabled={sending}>
        {translate(closeLabel)}
      </MuiButton>
      <MuiButton
        type="submit"
        variant="contained"
        disabled={sending}
        startIcon={sending ? <CircularProgress size={16} color="inherit" /> : submitIcon}
      >
        {translate(submitLabel)}
      </MuiButton>
    </DialogActions>
  );
}
