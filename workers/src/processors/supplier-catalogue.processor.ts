import { createSupplierProviders, READ_BALANCES_JOB, readSupplierBalances, runCatalogueSync } from '@topup/api';
import type { ProcessorFactory } from './index';

/**
 * Imports a supplier's catalogue an admin asked for (`POST /api/admin/suppliers/:id/catalogue-sync`). The
 * import brings each product up to date by the supplier's id, so a retry or a second run changes nothing more.
 * Its `read-balances` jobs read the suppliers' balances (every supplier's on the schedule, one's after its
 * order ended): a reading only overwrites the last one, so a repeat is harmless.
 */
export const createSupplierCatalogueProcessor: ProcessorFactory<'supplier-catalogue'> = ({ config, db, logger }) => {
  const accounts = createSupplierProviders(config, { logger });
  return async (job) => {
    const { data } = job;
    if (job.name === READ_BALANCES_JOB) return { read: await readSupplierBalances({ db, logger, accounts }, 'supplierId' in data ? data.supplierId : undefined) };
    if (!('supplierId' in data)) throw new Error(`A ${job.name} job names no supplier`);
    return { listed: await runCatalogueSync(db, accounts, data.supplierId) };
  };
};
