import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { Switch, Tooltip } from '@mui/material';
import { useCallback, useState } from 'react';
import { Button, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import type { GeneratedCode } from '@topup/common/api';
import { errorNotification } from '../components/errors';
import { useApiRequest } from '../lib/useApiRequest';
import { publishGeneratedCodes, type PublishTarget } from './generatedCodesApi';

/** Publishes or hides codes, then says how many changed (sold and reserved codes never do) and refreshes the lists. */
export function usePublishCodes() {
  const request = useApiRequest();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  const publish = useCallback(
    async (target: PublishTarget, published: boolean): Promise<boolean> => {
      setPending(true);
      try {
        const { updated } = await publishGeneratedCodes(request, target, published);
        notify(published ? 'resources.generatedCodes.publish.published' : 'resources.generatedCodes.publish.unpublished', {
          type: 'info',
          messageArgs: { smart_count: updated },
        });
        refresh();
        return true;
      } catch (error) {
        notify(...errorNotification(error));
        return false;
      } finally {
        setPending(false);
      }
    },
    [request, notify, refresh],
  );
  return { publish, pending };
}

/** Bulk action: publish (or hide) the selected codes. */
export function BulkPublishButton({ published }: { published: boolean }) {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('generatedCodes');
  const { publish, pending } = usePublishCodes();
  return (
    <Button
      label={published ? 'resources.generatedCodes.publish.publish' : 'resources.generatedCodes.publish.unpublish'}
      disabled={pending}
      onClick={() =>
        void publish({ ids: selectedIds.map(Number) }, published).then((done) => {
          if (done) unselectAll();
        })
      }
    >
      {published ? <VisibilityIcon /> : <VisibilityOffIcon />}
    </Button>
  );
}

/** The row's published flag as a switch; only an available code can change. */
export function PublishedToggle() {
  const record = useRecordContext<GeneratedCode>();
  const translate = useTranslate();
  const { publish, pending } = usePublishCodes();
  if (!record) return null;
  const canChange = record.status === 'available';
  const toggle = (
    <Switch
      size="small"
      color="success"
      checked={record.published}
      disabled={pending || !canChange}
      onClick={(event) => event.stopPropagation()}
      onChange={() => void publish({ ids: [Number(record.id)] }, !record.published)}
      slotProps={{ input: { 'aria-label': translate('resources.generatedCodes.fields.published') } }}
    />
  );
  return canChange ? (
    toggle
  ) : (
    <Tooltip title={translate('resources.generatedCodes.publish.only_available')}>
      <span>{toggle}</span>
    </Tooltip>
  );
}
