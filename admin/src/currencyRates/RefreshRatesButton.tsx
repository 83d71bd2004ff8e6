import SyncIcon from '@mui/icons-material/Sync';
import { CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Button, useNotify, useRefresh } from 'react-admin';
import type { adminCurrencyEndpoints, RefreshProgress, ResponseOf } from '@topup/common/api';
import { errorNotification } from '../components/errors';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import { useApiRequest } from '../lib/useApiRequest';
import { pollRefresh } from './refresh';

/** Fetches the auto-update rates from the rates provider now, waits for the job, then shows the new rates. */
export function RefreshRatesButton() {
  const request = useApiRequest();
  const notify = useNotify();
  const refresh = useRefresh();
  const [running, setRunning] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async () => {
    setRunning(true);
    try {
      const { requestId } = await request<ResponseOf<typeof adminCurrencyEndpoints.refresh>>('POST', `${RESOURCE_ENDPOINTS.currencyRates}/refresh`);
      const result = await pollRefresh(() => {
        // Leaving the page stops the waiting, not the job.
        if (!mounted.current) return Promise.reject(new Error('left the page'));
        return request<RefreshProgress>('GET', `${RESOURCE_ENDPOINTS.currencyRates}/refresh/${requestId}`);
      });
      if (!mounted.current) return;
      if (result.outcome === 'completed' || result.outcome === 'skipped') {
        notify('resources.currencyRates.refresh.done', { type: 'success', messageArgs: { smart_count: result.progress.updated ?? 0 } });
      } else if (result.outcome === 'failed') {
        const reason = result.progress.error ?? '';
        notify('resources.currencyRates.refresh.failed', { type: 'error', messageArgs: { reason } });
      } else {
        notify('resources.currencyRates.refresh.still_running', { type: 'warning' });
      }
      refresh();
    } catch (error) {
      if (mounted.current) notify(...errorNotification(error));
    } finally {
      if (mounted.current) setRunning(false);
    }
  };

  return (
    <Button label="resources.currencyRates.refresh.button" onClick={() => void start()} disabled={running}>
      {running ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
    </Button>
  );
}
