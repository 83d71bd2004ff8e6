import EditIcon from '@mui/icons-material/Edit';
import { Box, IconButton, Tooltip } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import {
  DeleteWithConfirmButton,
  LinkBase,
  useCreatePath,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type DeleteWithConfirmButtonProps,
} from 'react-admin';

/** Read by screen readers and Playwright, not shown. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** A row's buttons, right-aligned on one line. */
export function RowActions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 0.25 }}>{children}</Box>;
}

/** Opens the row's record for editing: an icon with its name as tooltip and accessible name. */
export function RowEditButton() {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (!record || !resource) return null;
  const label = translate('ra.action.edit');
  return (
    <Tooltip title={label}>
      <IconButton
        component={LinkBase}
        to={createPath({ resource, id: record.id, type: 'edit' })}
        aria-label={label}
        size="small"
        color="primary"
        onClick={(event: MouseEvent) => event.stopPropagation()}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** react-admin's delete with confirmation (pessimistic, so a refusal shows the API's message), as an icon. */
export function RowDeleteButton(props: Omit<DeleteWithConfirmButtonProps, 'label' | 'mutationMode'>) {
  const translate = useTranslate();
  const label = translate('ra.action.delete');
  return (
    <Tooltip title={label}>
      <span>
        <DeleteWithConfirmButton
          {...props}
          mutationMode="pessimistic"
          label={<Box component="span" sx={visuallyHidden}>{label}</Box>}
          sx={{ minWidth: 0, px: 0.75, '& .MuiButton-startIcon': { m: 0 } }}
        />
      </span>
    </Tooltip>
  );
}
