export interface AdminPromotion {
  id: number;
  text: string;
  /** `#rrggbb`; the storefront's badge gradient derives from it. */
  backgroundColor: string;
  active: boolean;
  sortOrder: number;
  createdAt: string;
}
