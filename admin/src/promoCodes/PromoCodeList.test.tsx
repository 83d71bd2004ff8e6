// @vitest-environment happy-dom
import { AdminPromoCode, adminPromoCodeEndpoints, type CreatePromoCodeBody } from '@topup/common/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { PromoCodeCreate } from './PromoCodeEdit';
import { PromoCodeList } from './PromoCodeList';

const EXAMPLE = ((AdminPromoCode as { examples?: unknown }).examples as AdminPromoCode[])[0] as AdminPromoCode;

const listed = (rows: AdminPromoCode[]) =>
  HttpResponse.json(rows, { headers: { 'Content-Range': `promo-codes 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });

describe('the Promo codes tab', () => {
  test('lists each code with its discount, scope and uses against its limit', async () => {
    server.use(
      on(adminPromoCodeEndpoints.list).reply(() =>
        listed([
          EXAMPLE,
          { ...EXAMPLE, id: 4, code: 'MINUS150', discountType: 'fixed', discountValue: 150.5, currency: 'rub', scope: 'games', scopeIds: [2, 5], usageLimit: null, uses: 7 },
        ]),
      ),
    );
    renderResourcePage('promoCodes', '/promoCodes', '/promoCodes', <PromoCodeList />);
    expect(await screen.findByText('SPRING10')).toBeInTheDocument();
    expect(screen.getByText('10 %')).toBeInTheDocument();
    expect(screen.getByText('42 из 500')).toBeInTheDocument();
    expect(screen.getByText('Всё')).toBeInTheDocument();
    expect(screen.getByText('MINUS150')).toBeInTheDocument();
    expect(screen.getByText(/150,50/)).toBeInTheDocument();
    expect(screen.getByText('Пополнения игр: 2, 5')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
  });

  test('creates a code, sending only its fields with empty inputs as null', async () => {
    const sent: CreatePromoCodeBody[] = [];
    server.use(
      on(adminPromoCodeEndpoints.create).reply(({ body }) => {
        sent.push(body);
        return { ...EXAMPLE, code: body.code.toUpperCase() };
      }),
      on(adminPromoCodeEndpoints.list).reply(() => listed([])),
    );
    const { user } = renderResourcePage('promoCodes', '/promoCodes/create', '/promoCodes/create', <PromoCodeCreate />);
    fireEvent.change(await screen.findByLabelText(/^Код/), { target: { value: 'autumn5' } });
    fireEvent.change(screen.getByLabelText(/^Размер/), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText(/^Всего использований/), { target: { value: '100' } });
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 15_000 });
    expect(sent[0]).toEqual({
      code: 'autumn5',
      discountType: 'percent',
      discountValue: 5,
      currency: null,
      scope: 'all',
      scopeIds: [],
      minOrder: null,
      validFrom: null,
      validTo: null,
      usageLimit: 100,
      perUserLimit: null,
      active: true,
    });
  });
});
