// @vitest-environment happy-dom
import {
  AdminProduct,
  adminProductEndpoints,
  PubgCode,
  adminPubgCodeEndpoints,
  PubgDenomination,
  adminPubgDenominationEndpoints,
  type SellPubgCodesAsCodesBody,
} from '@topup/common/api';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { contractExample, server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { PubgCodeList } from './PubgCodeList';

const listed = <T,>(resource: string, rows: T[]) => HttpResponse.json(rows, { headers: { 'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });

const PACKAGE = contractExample<PubgDenomination>(PubgDenomination);
const GIFT_CARD: AdminProduct = { ...contractExample<AdminProduct>(AdminProduct), id: 9, title: 'PUBG Mobile UC (код)', category: 'gift_card' };

describe('PUBG codes sold as codes', () => {
  test("moves a package's codes to the chosen gift-code product and says how many moved", async () => {
    const sent: SellPubgCodesAsCodesBody[] = [];
    const productFilters: string[] = [];
    server.use(
      on(adminPubgCodeEndpoints.list).reply(() => listed('codes', [contractExample<PubgCode>(PubgCode)])),
      on(adminPubgDenominationEndpoints.list).reply(() => listed('denominations', [PACKAGE])),
      on(adminProductEndpoints.list).reply(({ request }) => {
        productFilters.push(new URL(request.url).searchParams.get('filter') ?? '');
        return listed('products', [GIFT_CARD]);
      }),
      on(adminPubgCodeEndpoints.sellAsCodes).reply(({ body }) => {
        sent.push(body);
        return { moved: 118, skipped: 2 };
      }),
    );
    const { user } = renderResourcePage('pubgCodes', '/pubgCodes', '/pubgCodes', <PubgCodeList />);
    await user.click(await screen.findByRole('button', { name: 'Продавать кодами' }));
    expect(screen.getByText(/Ни один поставщик не погашает коды магазина/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Номинал/ }));
    await user.click(await screen.findByRole('option', { name: `${PACKAGE.ucAmount} UC` }));
    await user.click(screen.getByRole('combobox', { name: /^Товар с кодами/ }));
    await user.click(await screen.findByRole('option', { name: GIFT_CARD.title }));
    await user.click(screen.getByRole('button', { name: 'Перенести коды' }));

    expect(await screen.findByText('Кодов в продаже: 118; осталось, потому что они уже есть у товара: 2')).toBeInTheDocument();
    expect(sent).toEqual([{ denominationId: PACKAGE.id, productId: GIFT_CARD.id }]);
    // Only gift-code products are offered: a game's page takes top-ups.
    expect(productFilters).toContain(JSON.stringify({ category: 'gift_card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
