import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Button as MuiButton,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FreefireDenomination } from '@topup/common/api';
import { useEffect, useState } from 'react';
import {
  Button,
  Form,
  NumberInput,
  RecordContextProvider,
  ReferenceInput,
  required,
  SelectInput,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { DialogSubmitActions } from '../components/DialogSubmitActions';
import { errorNotification } from '../components/errors';
import { ProgressBar } from '../components/ProgressBar';
import { StatusChip } from '../components/StatusChip';
import { useNumberFormat } from '../components/useNumberFormat';
import { formatMoney } from '../lib/money';
import { useApiRequest } from '../lib/useApiRequest';
import { getGenerationRequest, requestGeneration } from './generatedCodesApi';
import { GENERATION_POLL_MS, isGenerationFinished, MAX_GENERATION_COUNT, validateGenerationCount } from './generation';
import { usePublishCodes } from './PublishControls';

const denominationText = (denomination: FreefireDenomination) =>
  `${denomination.name} · ${formatMoney(denomination.price, 'USD')} / ${formatMoney(denomination.price_rub, 'RUB')}`;

const countValidators = [required(), validateGenerationCount];

/** The running request: a progress bar fed by polling until it completes or fails, then publish in one click. */
function GenerationProgress({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const format = useNumberFormat();
  const request = useApiRequest();
  const { publish, pending: publishing } = usePublishCodes();
  const [published, setPublished] = useState(false);
  const progress = useQuery({
    queryKey: ['generationRequests', 'progress', requestId],
    queryFn: () => getGenerationRequest(request, requestId),
    refetchInterval: (query) => (isGenerationFinished(query.state.data?.status) ? false : GENERATION_POLL_MS),
    retry: 3,
  });
  const data = progress.data;
  const finished = isGenerationFinished(data?.status);

  // The lists show the new codes once the job is done.
  useEffect(() => {
    if (finished) refresh();
  }, [finished, refresh]);

  return (
    <>
      <DialogContent>
        {!data ? (
          progress.isError ? (
            <Alert severity="error">{translate('resources.generatedCodes.generate.progress_failed')}</Alert>
          ) : (
            <CircularProgress size={24} />
          )
        ) : (
          <Stack spacing={2} data-testid="generation-progress">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body1" sx={{ fontWeight: 600 }}>
                {data.denominationName}
              </Typography>
              <RecordContextProvider value={data}>
                <StatusChip />
              </RecordContextProvider>
            </Box>
            <ProgressBar generated={data.generated} count={data.count} failed={data.status === 'failed'} />
            {data.status === 'completed' && (
              <Alert severity="success">
                {translate('resources.generatedCodes.generate.completed', {
                  smart_count: data.generated,
                  count: format.format(data.generated),
                })}
              </Alert>
            )}
            {data.status === 'failed' && (
              <Alert severity="error">
                {translate('resources.generatedCodes.generate.failed')}
                {data.error ? ` ${data.error}` : ''}
              </Alert>
            )}
            {!finished && (
              <Typography variant="body2" color="text.secondary">
                {translate('resources.generatedCodes.generate.running_help')}
              </Typography>
            )}
            {published && <Alert severity="info">{translate('resources.generatedCodes.generate.published_help')}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <MuiButton onClick={onClose}>{translate('ra.action.close')}</MuiButton>
        {data?.status === 'completed' && data.generated > 0 && !published && (
          <MuiButton
            variant="contained"
            startIcon={publishing ? <CircularProgress size={16} color="inherit" /> : <VisibilityIcon />}
            disabled={publishing}
            onClick={() => void publish({ generationRequestId: data.id }, true).then(setPublished)}
          >
            {translate('resources.generatedCodes.generate.publish_all')}
          </MuiButton>
        )}
      </DialogActions>
    </>
  );
}

function GenerateDialog({ onClose, defaultDenominationId }: { onClose: () => void; defaultDenominationId?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const request = useApiRequest();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [requestId, setRequestId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (values: FieldValues) => {
    setSending(true);
    try {
      const created = await requestGeneration(request, { denominationId: Number(values.denominationId), count: Number(values.count) });
      setRequestId(created.id);
      refresh();
    } catch (error) {
      notify(...errorNotification(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="generate-title">
      <DialogTitle id="generate-title">{translate('resources.generatedCodes.generate.title')}</DialogTitle>
      {requestId ? (
        <GenerationProgress requestId={requestId} onClose={onClose} />
      ) : (
        <Form onSubmit={submit} defaultValues={{ denominationId: defaultDenominationId, count: 100 }}>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('resources.generatedCodes.generate.help')}
            </Typography>
            <ReferenceInput source="denominationId" reference="freefireCodes" perPage={200} sort={{ field: 'id', order: 'ASC' }}>
              <SelectInput
                label="resources.generatedCodes.fields.denominationId"
                optionText={denominationText}
                validate={required()}
              />
            </ReferenceInput>
            <NumberInput
              source="count"
              label="resources.generatedCodes.generate.count"
              min={1}
              max={MAX_GENERATION_COUNT}
              step={1}
              validate={countValidators}
              helperText="resources.generatedCodes.generate.count_help"
            />
          </DialogContent>
          <DialogSubmitActions onClose={onClose} closeLabel="ra.action.cancel" submitLabel="resources.generatedCodes.generate.submit" submitIcon={<AutoAwesomeIcon />} sending={sending} />
        </Form>
      )}
    </Dialog>
  );
}

export function GenerateButton({ defaultDenominationId, iconOnly = false }: { defaultDenominationId?: number; iconOnly?: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const label = translate('resources.generatedCodes.generate.open');
  return (
    // Inside a clickable list row: neither the button nor the dialog (a portal, whose events still
    // bubble through React) may open the row's record.
    <span onClick={(event) => event.stopPropagation()}>
      {iconOnly ? (
        <Tooltip title={label}>
          <IconButton size="small" color="primary" aria-label={label} onClick={() => setOpen(true)}>
            <AutoAwesomeIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button label={label} onClick={() => setOpen(true)}>
          <AutoAwesomeIcon />
        </Button>
      )}
      {open && <GenerateDialog onClose={() => setOpen(false)} defaultDenominationId={defaultDenominationId} />}
    </span>
  );
}
