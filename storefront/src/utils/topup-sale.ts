import { fromMinor, toMinor } from '@topup/common';
import type { Sale } from '@topup/common/api';
import { type Currency, pickSalePrice } from '../lib/currency';

/**
 * What promotions take off a top-up, in each display currency (navigation state `topupSale`, beside
 * `topupData`, which keeps list prices): the sum over its units of list price less sale price, as
 * checkout on the server prices them (docs/architecture.md, "Promotions that discount"). UZS is left
 * out while the rate is unknown (the page was not in UZS): checkout then shows the list price in UZS.
 * Shown only: the server charges its own.
 */
export type TopupSale = Partial<Record<Currency, number>>;

type SaleUnit = { price_usd: unknown; price_rub: unknown; sale?: Sale };

/** The top-up's discount in each currency, or null when no unit is on sale. */
export function topupSaleOf(units: readonly SaleUnit[], rateUsdUzs: string | null | undefined): TopupSale | null {
  if (!units.some((unit) => unit.sale)) return null;
  const offIn = (currency: Currency) =>
    fromMinor(
      units.reduce((off, unit) => {
        const { price, listPrice } = pickSalePrice(unit, currency, rateUsdUzs);
        return off + toMinor(listPrice) - toMinor(price);
      }, 0),
    );
  const sale: TopupSale = { USD: offIn('USD'), RUB: offIn('RUB') };
  if (rateUsdUzs) sale.UZS = offIn('UZS');
  return sale;
}

/** The navigation state that hands the discount over: nothing when there is none. */
export const topupSaleState = (sale: TopupSale | null): { topupSale?: TopupSale } => (sale ? { topupSale: sale } : {});

/** The discount handed over in navigation state, or null. */
export function readTopupSale(state: unknown): TopupSale | null {
  const sale = (state as { topupSale?: TopupSale } | null)?.topupSale;
  if (!sale || typeof sale !== 'object') return null;
  const read = (currency: Currency) => (typeof sale[currency] === 'number' && Number.isFinite(sale[currency]) ? { [currency]: sale[currency] } : {});
  return { ...read('USD'), ...read('RUB'), ...read('UZS') };
}

/** A top-up's list total in `currency` less its discount there, never below zero; the list total where the discount is unknown. */
export function topupSalePrice(listTotal: number, sale: TopupSale | null, currency: Currency): number {
  const off = sale?.[currency];
  return off === undefined ? listTotal : fromMinor(Math.max(0, toMinor(listTotal) - toMinor(off)));
}
