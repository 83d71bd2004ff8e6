import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '@topup/common/api';
import { BackLink } from '../../../components/ui/back-link';
import { CartIcon } from '../../../components/ui/icons/cart-icon';
import { CheckIcon } from '../../../components/ui/icons/check-icon';
import { CopyIcon } from '../../../components/ui/icons/copy-icon';
import { EyeIcon } from '../../../components/ui/icons/eye-icon';
import { EyeOffIcon } from '../../../components/ui/icons/eye-off-icon';
import { InfoIcon } from '../../../components/ui/icons/info-icon';
import { OrdersIcon } from '../../../components/ui/icons/orders-icon';
import { PrintIcon } from '../../../components/ui/icons/print-icon';
import { Thumbnail } from '../../../components/ui/thumbnail';
import { ErrorState, LoadingState, StateView } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { toApiError } from '../../../lib/api-error';
import { type Currency, parseCurrency } from '../../../lib/currency';
import { useFormat } from '../../../lib/format';
import { errorText } from '../../../lib/error-message';
import { useOrder } from '../api/get-order';
import { topupRetryOf } from '../../../utils/topup-retry';
import { copyText } from '../utils/clipboard';
import { noticeText } from '../utils/notices';
import { cancellationKind, chargedLine, paymentLineKey, type RefundLine, refundLines, retryPath } from '../utils/payment-info';
import {
  activationGuides,
  amountWithUnit,
  type DeliveredCode,
  deliveredCodes,
  groupItems,
  type ItemGroup,
  orderGameTitle,
  STORE_ACTIVATED_PRODUCT,
  topupDetails,
  type TopupDetails,
} from '../utils/order-status';
import { StatusBadge } from './status-badge';
import styles from './orders.module.css';

export function BackToOrders() {
  const { t } = useTranslation();
  return (
<BackLink to="/orders">{t('orders.back')}</BackLink>
  );
}

/** The /orders/:id page: the receipt, the codes (hidden until asked for) and how to activate them. */
export function OrderDetailView({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = Number.isSafeInteger(id) && id > 0;
  const order = useOrder(id);

  if (!valid || (order.isError && toApiError(order.error).status === 404)) return <OrderNotFound />;
  if (order.isPending || order.isError) {
    return (
      <>
        <title>{`${t('orders.order_number', { id })} — ${t('app.name')}`}</title>
        {order.isPending ? (
          <LoadingState />
        ) : (
          <ErrorState message={errorText(t, order.error, 'orders.load_failed')} onRetry={() => void order.refetch()} />
        )}
      </>
    );
  }
  return <Receipt order={order.data} />;
}

function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <div className="card">
      <title>{`${t('orders.not_found_title')} — ${t('app.name')}`}</title>
      <StateView
        headingLevel={1}
        icon={<OrdersIcon size={28} />}
        title={t('orders.not_found_title')}
        text={t('orders.not_found_text')}
        actions={
          <Link to="/orders" className="btn btn--primary">
            {t('orders.back')}
          </Link>
        }
      />
    </div>
  );
}

function Receipt({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = parseCurrency(order.currency);
  const date = format.date(order.created_at);
  const groups = groupItems(order.items, format.amount);
  const codes = deliveredCodes(order);
  const guides = activationGuides(order);
  const hasCodeItems = order.items.some((item) => item.item_type === 'code');
  const charged = chargedLine(order);
  const refunds = refundLines(order.refunds);
  const hasSide = hasCodeItems || guides.length > 0;

  return (
    <div className={`${styles.detail} ${hasSide ? styles.withSide : ''}`}>
      <title>{`${t('orders.order_number', { id: order.id })} — ${t('app.name')}`}</title>
      <section className={`card ${styles.receipt}`} aria-labelledby="order-title">
        <header className={styles.receiptHead}>
          <div>
            <h1 id="order-title" className={styles.receiptTitle}>
              {t('orders.order_number', { id: order.id })}
            </h1>
            {date && (
              <time dateTime={order.created_at} className={styles.date}>
                {date}
              </time>
            )}
          </div>
          <div className={styles.receiptTools}>
            <StatusBadge status={order.status} />
            {/* The browser's print dialog prints the receipt alone, or saves it as a PDF (the print stylesheet). */}
            <button type="button" className={`btn btn--sm btn--ghost ${styles.printButton}`} onClick={() => window.print()}>
              <PrintIcon size={16} />
              {t('receipt.print')}
            </button>
          </div>
        </header>

        <OrderProgress order={order} />

        <h2 className={styles.blockTitle}>{t('orders.items_title')}</h2>
        <ul className={styles.receiptItems}>
          {groups.map((group) => (
            <ReceiptLine key={group.key} group={group} currency={currency} />
          ))}
        </ul>

        <dl className={styles.totals}>
          <div>
            <dt>{t('orders.payment')}</dt>
            <dd data-testid="order-payment" data-method={order.payment_method}>
              {t(paymentLineKey(order))}
            </dd>
          </div>
          <div>
            <dt>{t('orders.paid_in')}</dt>
            <dd>{t(`currencies.${currency}_name`)}</dd>
          </div>
          {(order.promotion_discount ?? 0) > 0 && (
            <div>
              <dt>{t('orders.promotion_discount')}</dt>
              <dd data-testid="order-promotion-discount">−{format.money(order.promotion_discount, currency)}</dd>
            </div>
          )}
          {order.discount > 0 && (
            <div>
              <dt>{order.promo_code ? t('orders.discount_code', { code: order.promo_code }) : t('orders.discount')}</dt>
              <dd data-testid="order-discount">−{format.money(order.discount, currency)}</dd>
            </div>
          )}
          <div className={styles.grandTotal}>
            <dt>{t('orders.total')}</dt>
            <dd data-testid="order-total">{format.money(order.total, currency)}</dd>
          </div>
          {charged && (
            <div>
              <dt>{charged.kind === 'charged' ? t('orders.charged') : t('orders.to_charge')}</dt>
              <dd data-testid="order-charged">{format.money(charged.amount, charged.currency)}</dd>
            </div>
          )}
        </dl>

        {refunds.length > 0 && <RefundsList refunds={refunds} />}
      </section>

      {hasCodeItems && (
        <CodesSection codes={codes} status={order.status} />
      )}

      {guides.length > 0 && (
        <section className={`card ${styles.guides}`} aria-labelledby="order-guides">
          <h2 id="order-guides" className={styles.blockTitle}>
            {t('orders.instructions_title')}
          </h2>
          {guides.map((guide) => (
            <details key={guide.title} className={styles.guide} open={guides.length === 1}>
              <summary>{guide.title}</summary>
              {guide.activatedInStore ? <StoreActivationSteps /> : <p>{guide.instructions}</p>}
            </details>
          ))}
        </section>
      )}
    </div>
  );
}

/** How a code the store activates is used: the steps of its Activate tab, and a link there. */
function StoreActivationSteps() {
  const { t } = useTranslation();
  return (
    <div data-testid="store-activation-steps">
      <ol className={styles.steps}>
        <li>{t('freefire.activate_steps.find')}</li>
        <li>{t('freefire.activate_steps.code')}</li>
        <li>{t('freefire.activate_steps.activate')}</li>
      </ol>
      <Link to={`/products/${STORE_ACTIVATED_PRODUCT}?tab=activate`} className="btn btn--primary btn--sm">
        {t('orders.activate_code')}
      </Link>
    </div>
  );
}

/**
 * Where an unsettled order stands (the page keeps looking until it settles), why it did not go through,
 * or what a completed one could not deliver.
 */
function OrderProgress({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (order.status === 'pending' || order.status === 'processing') {
    return (
      <p className={styles.notice} role="status" data-testid="order-progress">
        <span className="spinner" aria-hidden="true" />
        <span data-delayed={order.delayed || undefined}>
          {order.status === 'pending' ? t('orders.confirming_payment') : order.delayed ? t('orders.delivery_delayed') : t('orders.delivering')}
        </span>
      </p>
    );
  }
  if (order.status === 'failed' || order.status === 'cancelled') {
    const kind = cancellationKind(order);
    const gamePath = retryPath(order);
    return (
      <div className={`${styles.notice} ${styles.noticeFailed}`} data-testid="order-failure" data-kind={kind ?? order.status}>
        <InfoIcon size={18} />
        <div className={styles.noticeBody}>
          {kind && <p className={styles.noticeTitle}>{t(`orders.cancelled_kind.${kind}`)}</p>}
          {order.notices.length > 0 ? (
            order.notices.map((notice, index) => (
              <p key={index} data-testid="order-notice" data-code={notice.code}>
                {noticeText(notice, t, format, orderGameTitle(order))}
              </p>
            ))
          ) : (
            <p>{order.status === 'failed' ? t('orders.failed_text') : t('orders.cancelled_text')}</p>
          )}
          {order.returned_to_cart && <p data-testid="order-returned-to-cart">{t('orders.returned_to_cart')}</p>}
          {(order.returned_to_cart || gamePath) && (
            <p className={styles.noticeActions}>
              {order.returned_to_cart && (
                <Link to="/cart" className="btn btn--sm">
                  <CartIcon size={16} />
                  {t('orders.go_to_cart')}
                </Link>
              )}
              {gamePath && (
                <Link to={gamePath} state={{ topupRetry: topupRetryOf(order.items.find((item) => item.item_type === 'topup')?.topup_data) }} className="btn btn--sm" data-testid="order-retry">
                  {t('orders.try_again')}
                </Link>
              )}
            </p>
          )}
        </div>
      </div>
    );
  }
  if (order.notices.length > 0) {
    return (
      <div className={styles.notice} data-testid="order-failure" data-kind="partial">
        <InfoIcon size={18} />
        <div className={styles.noticeBody}>
          {order.notices.map((notice, index) => (
            <p key={index} data-testid="order-notice" data-code={notice.code}>
              {noticeText(notice, t, format, orderGameTitle(order))}
            </p>
          ))}
        </div>
      </div>
    );
  }
  return null;
}

/** A refund's state in the status badges' tones. */
const REFUND_TONES: Record<RefundLine['state'], string> = { pending: 'pill--progress', done: 'pill--success', failed: 'pill--muted' };

/** Money given back for the order: to the card or to the balance, on its way or made. */
function RefundsList({ refunds }: { refunds: RefundLine[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section className={styles.refunds} aria-labelledby="order-refunds" data-testid="order-refunds">
      <h2 id="order-refunds" className={styles.blockTitle}>
        {t('orders.refunds_title')}
      </h2>
      <ul className={styles.refundList}>
        {refunds.map((refund) => {
          const date = format.date(refund.createdAt);
          return (
            <li key={refund.key} className={styles.refundRow} data-testid="order-refund" data-destination={refund.destination} data-state={refund.state}>
              <span className={styles.refundText}>
                <span className={styles.refundTitle}>{t(`orders.refund_to.${refund.destination}`)}</span>
                <span className={styles.refundMeta}>
                  {[date, refund.state === 'failed' ? t('orders.refund_failed_hint') : ''].filter(Boolean).join(' · ')}
                </span>
              </span>
              <span className={styles.refundAmount}>{format.money(refund.amount, refund.currency)}</span>
              <span className={`${styles.refundState} ${REFUND_TONES[refund.state]}`}>{t(`orders.refund_state.${refund.state}`)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ReceiptLine({ group, currency }: { group: ItemGroup; currency: Currency }) {
  const { t } = useTranslation();
  // A game described as data carries its title; the specification's three are named in the interface's words.
  const serviceName = (topup: TopupDetails) => topup.game || t(`orders.services.${topup.service}`, { defaultValue: topup.service });
  const format = useFormat();
  const { item } = group;
  const topup = item.item_type === 'topup' ? topupDetails(item.topup_data) : null;
  const image = item.product?.image_url || (typeof item.topup_data?.image_url === 'string' ? item.topup_data.image_url : '') || (topup ? `/images/${topup.service}.svg` : null);

  return (
    <li className={styles.receiptLine}>
      <Thumbnail src={image} size={52} />
      <div className={styles.receiptText}>
        <span className={styles.lineTitle}>{group.title || (topup ? serviceName(topup) : '')}</span>
        {topup ? (
          <dl className={styles.topupFacts}>
            <div>
              <dt>{t('orders.service')}</dt>
              <dd>{serviceName(topup)}</dd>
            </div>
            {topup.fields.length > 0 ? (
              topup.fields.map((field) => (
                <div key={field.label}>
                  <dt>{field.label}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))
            ) : (
              <div>
                <dt>{topup.service === 'steam' ? t('orders.login') : t('orders.player_id')}</dt>
                <dd>{topup.account}</dd>
              </div>
            )}
            {topup.playerName && topup.service !== 'steam' && (
              <div>
                <dt>{t('orders.player')}</dt>
                <dd>{topup.playerName}</dd>
              </div>
            )}
            {group.title && (
              <div>
                <dt>{t('orders.offer')}</dt>
                <dd>{group.title}</dd>
              </div>
            )}
            {topup.payoutRub !== null && (
              <div>
                <dt>{t('receipt.payout')}</dt>
                <dd data-testid="receipt-payout">{t('receipt.paid_out_as', { amount: format.money(topup.payoutRub, 'RUB') })}</dd>
              </div>
            )}
            {topup.packageAmounts.length > 1 && (
              <div>
                <dt>{t('receipt.packages')}</dt>
                <dd data-testid="receipt-packages">{topup.packageAmounts.map((amount) => format.amount(amount, 'UC')).join(' + ')}</dd>
              </div>
            )}
          </dl>
        ) : (
          <span className={styles.lineMeta} data-testid="order-line-meta">
            {[amountWithUnit(group, format.amount), group.region && t('receipt.region', { name: group.region.name }), t('orders.quantity', { count: group.count })]
              .filter(Boolean)
              .join(' · ')}
          </span>
        )}
      </div>
      <span className={styles.linePrice}>{format.money(group.amount, currency)}</span>
    </li>
  );
}

/** The codes already activated on the store's Activate tab: used, for which player and when (shown or hidden alike). */
function CodeActivations({ codes }: { codes: DeliveredCode[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const used = codes.filter((code) => code.activation !== null);
  if (used.length === 0) return null;
  return (
    <ul className={styles.activations}>
      {used.map((code) => (
        <li key={code.itemId} data-testid="code-activated">
          <CheckIcon size={16} />
          <span>
            {[code.title, code.gameAmount !== null ? format.amount(code.gameAmount, code.unit) : ''].filter(Boolean).join(' · ')}
            {': '}
            {t('orders.code_activated', { player: code.activation?.playerId, date: format.date(code.activation?.at ?? '', true) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function CodesSection({ codes, status }: { codes: DeliveredCode[]; status: OrderDetail['status'] }) {
  const { t } = useTranslation();
  const completed = status === 'completed';
  const toast = useToast();
  const format = useFormat();
  const [shown, setShown] = useState(false);
  const listId = useId();

  const copy = (text: string, successKey: 'orders.code_copied' | 'orders.codes_copied') => {
    copyText(text).then(
      () => toast.success(t(successKey)),
      () => toast.error(t('orders.copy_failed')),
    );
  };

  return (
    <section className={`card ${styles.codes}`} aria-labelledby="order-codes">
      <div className={styles.codesHead}>
        <h2 id="order-codes" className={styles.blockTitle}>
          {t('orders.codes_title')}
        </h2>
        {completed && codes.length > 0 && (
          <div className={styles.codesActions}>
            <button
              type="button"
              className="btn btn--sm"
              aria-expanded={shown}
              aria-controls={listId}
              onClick={() => setShown((value) => !value)}
            >
              {shown ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
              {shown ? t('orders.hide_codes') : t('orders.show_codes')}
            </button>
            {shown && codes.length > 1 && (
              <button type="button" className="btn btn--sm" onClick={() => copy(codes.map((code) => code.code).join('\n'), 'orders.codes_copied')}>
                <CopyIcon size={16} />
                {t('orders.copy_all')}
              </button>
            )}
          </div>
        )}
      </div>

      {status === 'cancelled' ? (
        <p className={styles.codesNote}>{t('orders.codes_cancelled')}</p>
      ) : !completed ? (
        <p className={styles.codesNote}>{t('orders.codes_pending')}</p>
      ) : codes.length === 0 ? (
        <p className={styles.codesNote}>{t('orders.codes_none')}</p>
      ) : (
        <div id={listId}>
          {shown ? (
            <ul className={styles.codeList}>
              {codes.map((code) => (
                <li key={code.itemId} className={styles.codeRow}>
                  <span className={styles.codeLabel}>
                    {code.title}
                    {code.gameAmount !== null ? ` · ${format.amount(code.gameAmount, code.unit)}` : ''}
                    {code.region ? ` · ${code.region.name}` : ''}
                  </span>
                  <code className={`${styles.code} ${code.activation ? styles.usedCode : ''}`} data-testid="activation-code">
                    {code.code}
                  </code>
                  <button
                    type="button"
                    className="btn btn--sm btn--ghost"
                    onClick={() => copy(code.code, 'orders.code_copied')}
                    aria-label={t('orders.copy_code_of', { title: code.title })}
                  >
                    <CopyIcon size={16} />
                    <span className={styles.copyText}>{t('orders.copy')}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.codesNote}>{t('orders.codes_hidden', { count: codes.length })}</p>
          )}
          <CodeActivations codes={codes} />
        </div>
      )}
    </section>
  );
}
