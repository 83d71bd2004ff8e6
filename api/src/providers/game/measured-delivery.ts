import type { Histogram } from 'prom-client';
import type { DeliveryProvider, ProviderOutcome } from './game-provider';

/** What a supplier's answer was: its outcome's status, `not_found` for a look-up of nothing, `unavailable` for no answer. */
type CallOutcome = ProviderOutcome['status'] | 'not_found' | 'unavailable';

/** The histogram supplier calls are timed in: by supplier, operation (deliver, find) and outcome. */
export type SupplierCallHistogram = Histogram<'supplier' | 'operation' | 'outcome'>;

/**
 * `provider` with its calls to the supplier timed in `calls` under `supplier` (its kind). Reading a
 * notice stays local and is not counted; nothing of a request or an answer is put in a label.
 */
export function measureDeliveryCalls(provider: DeliveryProvider, supplier: string, calls: SupplierCallHistogram): DeliveryProvider {
  async function timed<T extends ProviderOutcome | undefined>(operation: 'deliver' | 'find', call: () => Promise<T>): Promise<T> {
    const stop = calls.startTimer({ supplier, operation });
    try {
      const answer = await call();
      stop({ outcome: answer === undefined ? 'not_found' : answer.status } satisfies { outcome: CallOutcome });
      return answer;
    } catch (err) {
      stop({ outcome: 'unavailable' } satisfies { outcome: CallOutcome });
      throw err;
    }
  }
  return {
    name: provider.name,
    noticeAnswer: provider.noticeAnswer,
    readNotice: (params, received) => provider.readNotice(params, received),
    deliver: (request) => timed('deliver', () => provider.deliver(request)),
    findDelivery: (idempotencyKey, supplierOrderId) => timed('find', () => provider.findDelivery(idempotencyKey, supplierOrderId)),
  };
}
