import { Box, Switch, Tooltip } from '@mui/material';
import type { MouseEvent } from 'react';
import { useNotify, useRecordContext, useResourceContext, useTranslate, useUpdate } from 'react-admin';
import { errorNotification } from './errors';

interface InlineSwitchFieldProps {
  /** The boolean field the switch turns on and off (sent alone: `PUT {<source>: value}`). */
  source: string;
  /** Read by react-admin for the column header. */
  label?: string;
  /** Translation key of the switch's accessible name. */
  ariaLabel: string;
}

/** A boolean toggled in place from a list row, saved at once (pessimistic: the row shows the server's answer). */
export function InlineSwitchField({ source, ariaLabel }: InlineSwitchFieldProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || !resource) return null;
  const checked = record[source] === true;

  const toggle = () =>
    update(
      resource,
      { id: record.id, data: { [source]: !checked }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(`resources.${resource}.notifications.updated`, {
            type: 'info',
            messageArgs: { smart_count: 1, _: translate('ra.notification.updated', { smart_count: 1 }) },
          }),
        onError: (error) =>
          notify(...errorNotification(error)),
      },
    );

  return (
    <Tooltip title={translate(checked ? 'app.switch.turn_off' : 'app.switch.turn_on')}>
      <Switch
        size="small"
        checked={checked}
        disabled={isPending}
        onClick={(event: MouseEvent) => event.stopPropagation()}
        onChange={() => void toggle()}
        slotProps={{ input: { 'aria-label': translate(ariaLabel, { _: ariaLabel }) } }}
      />
    </Tooltip>
  );
}

/** The switch as a mobile list row's right icon: a tap on it toggles without opening the row. */
export function InlineSwitchListIcon(props: InlineSwitchFieldProps) {
  return (
    <Box component="span" onClick={(event) => event.stopPropagation()}>
      <InlineSwitchField {...props} />
    </Box>
  );
}
