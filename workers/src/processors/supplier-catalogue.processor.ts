import { createSupplierProviders, runCatalogueSync } from '@topup/api';
import type { ProcessorFactory } from './index';

/**
 * Imports a supplier's catalogue an admin asked for (`POST /api/admin/suppliers/:id/catalogue-sync`). The
 * import brings each product up to date by the supplier's id, so a retry or a second run changes nothing more.
 */
export const createSupplierCatalogueProcessor: ProcessorFactory<'supplier-catalogue'> = ({ config, db, logger }) => {
  const accounts = createSupplierProviders(config, { logger });
  return async (job) => ({ listed: await runCatalogueSync(db, accounts, job.data.supplierId) });
};
