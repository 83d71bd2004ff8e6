/** Objection models, one per table: the single definition of each table's row. Property names are the column names. */
import { BaseModel } from './BaseModel';
import * as everyModel from './every-model';

/** Every model, so a relation can name the model it leads to. */
export const MODELS: Array<typeof BaseModel> = Object.values(everyModel);
BaseModel.register(...MODELS);

export { BaseModel, type RowOf } from './BaseModel';
export * from './every-model';
export { type GamePricing, type StoredGameField } from './Game';
export { type DenominationSourceKind } from './GameDenominationSource';
export { ORDER_KINDS, type OrderKind, type PaymentMethod } from './Order';
export { ORDER_ITEM_TYPES, PROVIDER_STATUSES, type OrderItemType, type ProviderStatus } from './OrderItem';
export { SUPPLIER_KINDS, type SupplierKind } from './Supplier';
export { SUPPLIER_ORDER_STATUSES, type SupplierOrderStatus } from './SupplierOrder';
export { type SupplierProductField } from './SupplierProduct';
export { type RateUpdateChange, type RateUpdateRefusal, type RateUpdateRunStatus } from './RateUpdateRun';
