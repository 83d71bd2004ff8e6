// @vitest-environment happy-dom
import { AdminPromotion, adminGameDenominationEndpoints, adminGameEndpoints, adminProductEndpoints, adminPromotionEndpoints, type CreatePromotionBody } from '@topup/common/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { PromotionCreate } from './PromotionEdit';
import { PromotionList } from './PromotionList';

const EXAMPLE = ((AdminPromotion as { examples?: unknown }).examples as AdminPromotion[])[0] as AdminPromotion;

const listed = (resource: string, rows: unknown[]) =>
  HttpResponse.json(rows, { headers: { 'Content-Range': `${resource} 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });

const PUBG = { id: 2, title: 'PUBG Mobile' };

describe('the Promotions tab', () => {
  test('lists each promotion with its discount and period', async () => {
    server.use(
      on(adminPromotionEndpoints.list).reply(() =>
        listed('promotions', [
          EXAMPLE,
          { ...EXAMPLE, id: 5, text: 'Алмазы за минуты', discountType: 'fixed', discountValue: 50, currency: 'rub', validTo: null },
          { ...EXAMPLE, id: 6, text: 'Просто бейдж', discountType: null, discountValue: null, gameIds: [], validTo: null },
        ]),
      ),
    );
    renderResourcePage('promotions', '/promotions', '/promotions', <PromotionList />);
    expect(await screen.findByText('−10%')).toBeInTheDocument();
    expect(screen.getByText('−50 RUB')).toBeInTheDocument();
    expect(screen.getAllByText('Всегда')).toHaveLength(2);
    expect(screen.getByText(/^… – /)).toBeInTheDocument();
  });

  test('creates a promotion with a percent off a game picked by its name', async () => {
    const sent: CreatePromotionBody[] = [];
    server.use(
      on(adminPromotionEndpoints.create).reply(({ body }) => {
        sent.push(body);
        return { ...EXAMPLE, ...body, id: 9 } as AdminPromotion;
      }),
      on(adminPromotionEndpoints.list).reply(() => listed('promotions', [])),
      on(adminGameEndpoints.list).reply(() => listed('games', [PUBG]) as never),
      on(adminProductEndpoints.list).reply(() => listed('products', []) as never),
      on(adminGameDenominationEndpoints.list).reply(() => listed('game-denominations', []) as never),
    );
    const { user } = renderResourcePage('promotions', '/promotions/create', '/promotions/create', <PromotionCreate />);
    const text = await screen.findByRole('group', { name: 'Текст' });
    fireEvent.change(within(text).getByLabelText(/^Русский/), { target: { value: '-10% на PUBG UC' } });
    await user.click(screen.getByLabelText('Скидка'));
    await user.click(await screen.findByRole('option', { name: 'Процент' }));
    fireEvent.change(await screen.findByLabelText(/^Размер скидки/), { target: { value: '10' } });
    await user.click(screen.getByLabelText('Игры (все номиналы)'));
    await user.click(await screen.findByRole('option', { name: 'PUBG Mobile' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 15_000 });
    expect(sent[0]).toMatchObject({
      text: '-10% на PUBG UC',
      discountType: 'percent',
      discountValue: 10,
      currency: null,
      productIds: [],
      gameIds: [2],
      denominationIds: [],
      validFrom: null,
      validTo: null,
    });
    expect(within(document.body).queryByText('Валюта')).toBeNull();
  });
});
