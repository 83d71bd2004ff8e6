import FilterListIcon from '@mui/icons-material/FilterList';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Card, CardContent, Divider, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useRef } from 'react';
import {
  Button,
  DataTable,
  ListBase,
  Pagination,
  useListContext,
  RecordContextProvider,
  useBasename,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { LocalizedDateField } from '../components/LocalizedDateField';
import { listTableSx, noWrap } from '../components/tableStyles';
import { useNavigate } from 'react-router-dom';
import type { GenerationRequest } from '@topup/common/api';
import { ProgressBar } from '../components/ProgressBar';
import { listLink } from '../lib/listLink';
import { StatusChip } from '../components/StatusChip';
import { isGenerationFinished, requestsPollInterval } from './generation';
import { usePublishCodes } from './PublishControls';

function RequestProgress() {
  const record = useRecordContext<GenerationRequest>();
  if (!record) return null;
  return <ProgressBar generated={record.generated} count={record.count} failed={record.status === 'failed'} />;
}

function RequestActions() {
  const record = useRecordContext<GenerationRequest>();
  const basename = useBasename();
  const navigate = useNavigate();
  const { publish, pending } = usePublishCodes();
  if (!record) return null;
  const showCodes = () => navigate(listLink('generatedCodes', { generationRequestId: record.id }, basename));
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5, flexWrap: 'wrap' }}>
      {record.generated > 0 && (
        <Button label="resources.generationRequests.actions.show_codes" onClick={() => void showCodes()}>
          <FilterListIcon />
        </Button>
      )}
      {record.status === 'completed' && record.generated > 0 && (
        <Button
          label="resources.generationRequests.actions.publish_all"
          disabled={pending}
          onClick={() => void publish({ generationRequestId: record.id }, true)}
        >
          <VisibilityIcon />
        </Button>
      )}
    </Box>
  );
}

/** When a request the panel saw running finishes, the codes list above it is refreshed too. */
function RefreshWhenFinished() {
  const { data } = useListContext<GenerationRequest>();
  const refresh = useRefresh();
  const running = useRef(new Set<string>());
  useEffect(() => {
    let finishedOne = false;
    for (const request of data ?? []) {
      if (!isGenerationFinished(request.status)) running.current.add(request.id);
      else if (running.current.delete(request.id)) finishedOne = true;
    }
    if (finishedOne) refresh();
  }, [data, refresh]);
  return null;
}

/** On a phone: one block per request instead of a table too wide for the screen. */
function RequestBlocks() {
  const { data } = useListContext<GenerationRequest>();
  if (!data || data.length === 0) return <EmptyRequests />;
  return (
    <Stack divider={<Divider />} sx={{ px: 2 }}>
      {data.map((request) => (
        <RecordContextProvider key={request.id} value={request}>
          <Box sx={{ py: 1.5, display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {request.denominationName}
              </Typography>
              <StatusChip />
            </Box>
            <RequestProgress />
            <Typography variant="caption" color="text.secondary">
              <LocalizedDateField source="createdAt" showTime variant="caption" />
            </Typography>
            {request.error && (
              <Typography variant="caption" color="error">
                {request.error}
              </Typography>
            )}
            <RequestActions />
          </Box>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

/** The latest code-generation requests with their progress, polled while one of them runs. */
export function GenerationRequestsPanel() {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <ListBase<GenerationRequest>
      resource="generationRequests"
      perPage={5}
      sort={{ field: 'createdAt', order: 'DESC' }}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ refetchInterval: (query) => requestsPollInterval(query.state.data?.data) }}
    >
      <RefreshWhenFinished />
      <Card variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="generation-requests-title">
        <CardContent sx={{ pb: 0 }}>
          <Typography id="generation-requests-title" variant="h6" component="h2">
            {translate('resources.generationRequests.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('resources.generationRequests.help')}
          </Typography>
        </CardContent>
        {isSmall ? (
          <RequestBlocks />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <DataTable sx={listTableSx} bulkActionButtons={false} rowClick={false} empty={<EmptyRequests />}>
              <DataTable.Col source="createdAt" cellSx={noWrap}>
                <LocalizedDateField source="createdAt" showTime />
              </DataTable.Col>
              <DataTable.Col source="denominationName" disableSort />
              <DataTable.Col source="generated" label="resources.generationRequests.fields.progress">
                <RequestProgress />
              </DataTable.Col>
              <DataTable.Col source="status">
                <StatusChip />
              </DataTable.Col>
              <DataTable.Col source="error" disableSort />
              <DataTable.Col label="resources.generationRequests.fields.actions" align="right" cellSx={noWrap}>
                <RequestActions />
              </DataTable.Col>
            </DataTable>
          </Box>
        )}
        <Pagination rowsPerPageOptions={[5, 10, 25]} />
      </Card>
    </ListBase>
  );
}

function EmptyRequests() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3 }}>
      {translate('resources.generationRequests.empty')}
    </Typography>
  );
}
