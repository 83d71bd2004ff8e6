// @vitest-environment happy-dom
import { adminMarginEndpoints, Dashboard as DashboardData, MarginReport as MarginReportData } from '@topup/common/api';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { LossesPanel } from '../dashboard/LossesPanel';
import { SuppliersPanel } from '../dashboard/SuppliersPanel';
import { contractExample, server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { MarginReport } from './MarginReport';
import { MARGIN_REPORT_URL } from './marginReport';

const REPORT = contractExample<MarginReportData>(MarginReportData);
const DASHBOARD = contractExample<DashboardData>(DashboardData);

describe('the margin report', () => {
  test('shows the margins of the days chosen by game and supplier, asks again for other days, and downloads the CSV file', async () => {
    const asked: string[] = [];
    server.use(
      on(adminMarginEndpoints.report).reply(({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('from')}..${query.get('to')}`);
        return { ...REPORT, from: query.get('from')!, to: query.get('to')! };
      }),
    );
    const { user } = renderResourcePage('margins', '/reports/margins', '/reports/margins', <MarginReport />);
    const table = await screen.findByRole('table', { name: 'Маржа' });
    const row = within(table).getByText('PUBG Mobile').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('SEAGM');
    expect(row).toHaveTextContent('RUB');
    expect(row).toHaveTextContent(/936,00\s₽/);
    expect(row).toHaveTextContent(/820,44\s₽/);
    expect(row).toHaveTextContent(/115,56\s₽/);

    const from = screen.getByLabelText('С');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    const to = screen.getByLabelText('По');
    await user.clear(to);
    await user.type(to, '2026-12-07');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(asked.at(-1)).toBe('2026-12-01..2026-12-07');

    let downloaded = '';
    server.use(
      http.get(`${MARGIN_REPORT_URL}.csv`, ({ request }) => {
        downloaded = new URL(request.url).search;
        return new HttpResponse('game,game_title\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="margins.csv"' } });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Скачать CSV' }));
    await waitFor(() => expect(downloaded).toBe('?from=2026-12-01&to=2026-12-07'));
  });

  test('says so when no top-up was completed in the days chosen', async () => {
    server.use(on(adminMarginEndpoints.report).reply(() => ({ ...REPORT, lines: [] })));
    renderResourcePage('margins', '/reports/margins', '/reports/margins', <MarginReport />);
    expect(await screen.findByText('В эти дни пополнений не было.')).toBeInTheDocument();
  });
});

describe("the dashboard's supplier and loss cards", () => {
  test("show each supplier's balance, its low-balance alert, what waits at it and today's failures", async () => {
    renderResourcePage('dashboard', '/', '/', <SuppliersPanel suppliers={DASHBOARD.suppliers} />);
    const card = await screen.findByRole('list', { name: 'Поставщики' });
    expect(card).toHaveTextContent('SEAGM');
    expect(card).toHaveTextContent('$84.20');
    expect(within(card).getByText('Низкий баланс')).toBeInTheDocument();
    expect(card).toHaveTextContent('ждёт 1');
    expect(card).toHaveTextContent('2 сбоя сегодня');
  });

  test('list the denominations sold below cost, and whether they are still sold', async () => {
    renderResourcePage('dashboard', '/', '/', <LossesPanel lines={DASHBOARD.lossDenominations} />);
    const card = await screen.findByRole('list', { name: 'Продажа в убыток' });
    expect(card).toHaveTextContent('Free Fire · 86 алмазов');
    expect(card).toHaveTextContent('$1.09 при себестоимости $1.12');
    expect(within(card).getByText('Не продаётся')).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/gameDenominations/41');
  });
});
