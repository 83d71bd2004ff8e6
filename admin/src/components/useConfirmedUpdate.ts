import { useNotify, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { errorNotification } from './errors';

/** An update the API refused until the admin confirms it (a 409 asking so), kept to be sent again. */
export interface UpdateToConfirm<R extends RaRecord = RaRecord> {
  id: Identifier;
  data: Record<string, unknown>;
  previousData: R;
}

/**
 * Sends a refused update of `resource` again with what confirms it (`confirmation`, e.g. `{confirm: true}`),
 * then closes the dialog, says how it went and, once saved, goes on with `saved`.
 */
export function useConfirmedUpdate(resource: string) {
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const send = <R extends RaRecord>(change: UpdateToConfirm<R>, confirmation: Record<string, unknown>, after: { close: () => void; saved: () => void }) =>
    update(
      resource,
      { id: change.id, data: { ...change.data, ...confirmation }, previousData: change.previousData },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          after.close();
          notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
          after.saved();
        },
        onError: (error) => {
          after.close();
          notify(...errorNotification(error));
        },
      },
    );
  return { send, isPending };
}
