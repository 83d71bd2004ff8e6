import { fromMinor } from '@topup/common';

/**
 * The sandbox gateway's hosted pay page: plain HTML and inline CSS, no script (the store's CSP
 * allows inline styles but only scripts from its own files), one form posting back to its own URL.
 */

export interface PayPagePayment {
  providerPaymentId: string;
  orderId: number;
  method: 'card' | 'sbp';
  /** Minor units. */
  amount: number;
  currency: string;
}

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvc: string;
  cardholder: string;
}

export type PaymentOutcome = 'paid' | 'declined' | 'expired';

/** The test card the form is filled with: always accepted. */
export const TEST_CARD: CardFields = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholder: 'Test Shopper' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' }).format(fromMinor(minor));
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
    font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2430;background:#eef1f6}
  main{width:100%;max-width:420px;background:#fff;border-radius:14px;box-shadow:0 10px 30px rgba(20,30,60,.12);overflow:hidden}
  header{padding:20px 24px;background:#1f2a44;color:#fff}
  header p{margin:0;font-size:13px;opacity:.75;letter-spacing:.04em;text-transform:uppercase}
  header h1{margin:4px 0 0;font-size:20px;font-weight:600}
  .amount{padding:20px 24px 4px}
  .amount span{display:block;font-size:13px;color:#6b7385}
  .amount strong{font-size:30px;font-weight:700}
  form,.outcome{padding:16px 24px 24px}
  label{display:block;margin:12px 0 4px;font-size:13px;font-weight:600;color:#4a5163}
  input{width:100%;padding:11px 12px;border:1px solid #cdd3df;border-radius:8px;font:inherit;letter-spacing:.03em}
  input:focus{outline:2px solid #3d6df2;outline-offset:-1px;border-color:#3d6df2}
  .row{display:flex;gap:12px}.row>div{flex:1}
  .buttons{display:flex;flex-direction:row-reverse;gap:12px;margin-top:20px}
  button{flex:1;padding:12px;border:0;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
  .pay{flex:2;background:#3d6df2;color:#fff}.pay:hover{background:#2f5bd6}
  .decline{background:#eef1f6;color:#4a5163}.decline:hover{background:#e1e6ef}
  .error{margin:12px 0 0;padding:10px 12px;border-radius:8px;background:#fdecec;color:#a32020;font-size:14px}
  .hint{margin:16px 0 0;font-size:12px;color:#6b7385;text-align:center}
  .badge{display:inline-block;padding:4px 10px;border-radius:999px;font-size:13px;font-weight:600}
  .paid{background:#e3f6ea;color:#1b7a3d}.declined{background:#fdecec;color:#a32020}.expired{background:#f1f1f4;color:#555b6b}
  .outcome p{margin:12px 0 0}
  a{color:#3d6df2}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function heading(merchant: string, description: string): string {
  return `<header><p>Sandbox payment &middot; ${escapeHtml(merchant)}</p><h1>${escapeHtml(description)}</h1></header>`;
}

function amountBlock(payment: PayPagePayment, label = 'Amount to pay'): string {
  return `<div class="amount"><span>${label}</span><strong>${escapeHtml(formatAmount(payment.amount, payment.currency))}</strong></div>`;
}

/** The card form; `error` re-shows it after a rejected card with what was entered. */
export function renderPayForm(
  merchant: string,
  payment: PayPagePayment,
  options: { fields?: CardFields; error?: string } = {},
): string {
  const fields = options.fields ?? TEST_CARD;
  const value = (text: string) => `value="${escapeHtml(text)}"`;
  const action = `/api/payment/sandbox/${encodeURIComponent(payment.providerPaymentId)}`;
  return layout(
    `Pay ${formatAmount(payment.amount, payment.currency)} to ${merchant}`,
    `${heading(merchant, `Order #${payment.orderId}`)}
${amountBlock(payment)}
<form method="post" action="${escapeHtml(action)}">
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required ${value(fields.cardNumber)}>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="5" required ${value(fields.expiry)}></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required ${value(fields.cvc)}></div>
</div>
<label for="cardholder">Cardholder</label>
<input id="cardholder" name="cardholder" autocomplete="cc-name" maxlength="100" ${value(fields.cardholder)}>
<!-- Pay comes first, so Enter in a field pays; it is shown on the right. -->
<div class="buttons">
<button class="pay" type="submit" name="decision" value="pay">Pay ${escapeHtml(formatAmount(payment.amount, payment.currency))}</button>
<button class="decline" type="submit" name="decision" value="decline" formnovalidate>Decline</button>
</div>
<p class="hint">Sandbox: no card is charged. Pay succeeds with any valid test card, Decline refuses the payment.</p>
</form>`,
  );
}

/**
 * The SBP (Faster Payments System) page: in a real bank the shopper scans a QR code with their bank's
 * app and confirms there; the sandbox's "bank app" is the Confirm button.
 */
export function renderSbpForm(merchant: string, payment: PayPagePayment): string {
  const action = `/api/payment/sandbox/${encodeURIComponent(payment.providerPaymentId)}`;
  // A fixed 9x9 pattern standing in for the QR code: the sandbox encodes nothing.
  const cells = '101110101010011011110101001011010110101110111010101101010011001110101101101010111';
  const qr = [...cells].map((cell) => `<i class="${cell === '1' ? 'on' : ''}"></i>`).join('');
  return layout(
    `Pay ${formatAmount(payment.amount, payment.currency)} to ${merchant} by SBP`,
    `${heading(merchant, `Order #${payment.orderId}`)}
${amountBlock(payment)}
<form method="post" action="${escapeHtml(action)}">
<style>.qr{display:grid;grid-template-columns:repeat(9,1fr);width:162px;height:162px;margin:8px auto;padding:8px;border:1px solid #cdd3df;border-radius:8px}
.qr i{display:block}.qr i.on{background:#1f2430}</style>
<p>Scan the code with your bank's app (SBP, the Faster Payments System) and confirm the payment there.</p>
<div class="qr" aria-hidden="true">${qr}</div>
<div class="buttons">
<button class="pay" type="submit" name="decision" value="pay">Confirm in the bank app</button>
<button class="decline" type="submit" name="decision" value="decline">Decline</button>
</div>
<p class="hint">Sandbox: no money moves. Confirm pays, Decline refuses the payment.</p>
</form>`,
  );
}

const OUTCOME_TEXT: Record<PaymentOutcome, { badge: string; text: string }> = {
  paid: { badge: 'Payment received', text: 'This payment has been made. Your order is being processed.' },
  declined: { badge: 'Payment declined', text: 'This payment was declined. No money was taken.' },
  expired: { badge: 'Payment expired', text: 'This payment link has expired. No money was taken.' },
};

/** What a payment that can no longer be paid shows instead of the form. */
export function renderOutcome(merchant: string, payment: PayPagePayment, outcome: PaymentOutcome): string {
  const { badge, text } = OUTCOME_TEXT[outcome];
  return layout(
    `${badge} - ${merchant}`,
    `${heading(merchant, `Order #${payment.orderId}`)}
${amountBlock(payment, 'Amount')}
<div class="outcome">
<span class="badge ${outcome}">${badge}</span>
<p>${text}</p>
<p><a href="/orders/${payment.orderId}">Back to your order</a></p>
</div>`,
  );
}

/** A page for a request the gateway cannot serve (unknown payment, bad form). */
export function renderProblem(merchant: string, title: string, text: string): string {
  return layout(
    `${title} - ${merchant}`,
    `<header><p>Sandbox payment &middot; ${escapeHtml(merchant)}</p><h1>${escapeHtml(title)}</h1></header>
<div class="outcome"><p>${escapeHtml(text)}</p><p><a href="/">Back to the store</a></p></div>`,
  );
}
