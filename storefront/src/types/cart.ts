/** A cart line as GET /api/cart answers it (spec section 3); prices are decimals. */
export interface CartItem {
  id: number;
  product_id: number;
  product_title: string;
  image_url: string | null;
  game_amount: number;
  game_currency: string;
  price_usd: number;
  price_rub: number;
  quantity: number;
  /** Codes of exactly this option on sale now; 0 when the option is gone. */
  available_count: number;
  /** null: the product's global codes. */
  region_id: number | null;
}

/** Every cart call answers with the whole cart. */
export interface CartResponse {
  success: boolean;
  data: CartItem[];
  subtotal: { usd: number; rub: number };
  /** Set by add and update when the quantity was lowered to what is in stock. */
  capped?: boolean;
}
