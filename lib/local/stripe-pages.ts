// The pages of the local Stripe stand-in, served by the laptop host under /dev/stripe: the test
// checkout (a card number field: Stripe's test cards 4242 4242 4242 4242 pays, 4000 0000 0000
// 0002 is declined) and the test customer portal (cancel at the end of the period, resume). Both
// say plainly that they are test payments and that no card is charged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeStandIn } from './stripe-standin.js';
import { sendHtml } from './web.js';

const esc = (s: unknown): string =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const frDate = (epochSeconds: number) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date(epochSeconds * 1000));

const style = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f7fb; color: #1d2433; }
  main { max-width: 460px; margin: 0 auto; padding: 32px 20px; }
  .banner { background: #fff4d6; border: 1px solid #e8c66a; color: #5c4300; border-radius: 10px; padding: 10px 14px; margin-bottom: 20px; font-weight: 600; }
  .card { background: #fff; border: 1px solid #e3e6ee; border-radius: 12px; padding: 20px; }
  h1 { font-size: 1.3rem; margin: 0 0 6px; }
  .price { font-size: 1.6rem; font-weight: 700; margin: 4px 0 16px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input { width: 100%; padding: 10px 12px; border: 1px solid #c9cedb; border-radius: 8px; font-size: 1rem; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { margin-top: 18px; width: 100%; padding: 12px; border: 0; border-radius: 8px; background: #4f46e5; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #1d2433; border: 1px solid #c9cedb; }
  .error { background: #fde8e8; border: 1px solid #f0a3a3; color: #8a1c1c; border-radius: 8px; padding: 10px 12px; margin: 12px 0 0; }
  .muted { color: #5b6475; font-size: 0.9rem; }
  a { color: #4f46e5; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 12px 0; } dt { color: #5b6475; }
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} — paiement de test</title><style>${style}</style></head>
<body><main>
<div class="banner" role="note">Mode test — paiement de test, aucune carte n'est débitée. / Test mode — test payment, no card is charged.</div>
${body}
</main></body></html>`;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 16 * 1024) break;
    chunks.push(c as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function checkoutPage(standIn: StripeStandIn, id: string, error?: string): string | null {
  const s = standIn.get('sessions', id);
  if (!s) return null;
  const open = s.status === 'open';
  const amount = (Number(s.amount_total) / 100).toFixed(2).replace('.', ',');
  return page(
    'Paiement',
    `<div class="card">
  <h1>Révise Premium</h1>
  <div class="price">${amount} € <span class="muted">par mois</span></div>
  ${
    open
      ? `<form method="post" action="/dev/stripe/checkout/${esc(id)}">
    <label for="card_number">Numéro de carte / Card number</label>
    <input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
    <div class="row">
      <div><label for="exp">Expiration (MM/AA)</label><input id="exp" name="exp" placeholder="12/34" autocomplete="off"></div>
      <div><label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123" autocomplete="off"></div>
    </div>
    ${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
    <button type="submit">Payer ${amount} € (test)</button>
  </form>
  <p class="muted">Cartes de test : 4242 4242 4242 4242 (acceptée), 4000 0000 0000 0002 (refusée).</p>`
      : `<p>Cette session de paiement est terminée. / This checkout session has ended.</p>`
  }
  <p><a href="${esc(s.cancel_url)}">← Retour à Révise sans payer</a></p>
</div>`,
  );
}

function portalPage(standIn: StripeStandIn, id: string, error?: string): string | null {
  const ps = standIn.get('portalSessions', id);
  if (!ps) return null;
  const subs = standIn.subscriptionsOf(String(ps.customer)).filter((s) => s.status !== 'canceled');
  const rows = subs
    .map((sub) => {
      const item = (sub.items as { data: { current_period_end: number }[] }).data[0];
      const pm = typeof sub.default_payment_method === 'string' ? standIn.get('paymentMethods', sub.default_payment_method) : undefined;
      const card = pm?.card as { brand: string; last4: string } | undefined;
      const ending = Boolean(sub.cancel_at_period_end);
      return `<div class="card">
  <h1>Révise Premium</h1>
  <dl>
    <dt>Statut</dt><dd data-testid="portal-status">${
      sub.status === 'past_due'
        ? `Paiement refusé — l'abonnement s'arrête le ${esc(frDate(item.current_period_end))} sans nouvelle carte`
        : ending
          ? `Annulé — actif jusqu'au ${esc(frDate(item.current_period_end))}`
          : `Actif — renouvelé le ${esc(frDate(item.current_period_end))}`
    }</dd>
    <dt>Carte</dt><dd>${card ? `${esc(card.brand)} •••• ${esc(card.last4)}` : '—'}</dd>
  </dl>
  <form method="post" action="/dev/stripe/portal/${esc(id)}">
    <input type="hidden" name="subscription" value="${esc(sub.id)}">
    <label for="card-${esc(sub.id)}">Nouvelle carte / New card</label>
    <input id="card-${esc(sub.id)}" name="card_number" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
    ${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
    <button type="submit" name="action" value="card" class="secondary">Changer de carte</button>
  </form>
  <form method="post" action="/dev/stripe/portal/${esc(id)}">
    <input type="hidden" name="subscription" value="${esc(sub.id)}">
    ${
      ending
        ? `<button type="submit" name="action" value="resume">Reprendre l'abonnement</button>`
        : `<button type="submit" name="action" value="cancel" class="secondary">Annuler l'abonnement</button>`
    }
  </form>
</div>`;
    })
    .join('\n');
  return page(
    'Gérer mon abonnement',
    `${rows || '<div class="card"><p>Aucun abonnement en cours.</p></div>'}
<p><a href="${esc(ps.return_url ?? '/')}">← Retour à Révise</a></p>`,
  );
}

/** `GET|POST /dev/stripe/checkout/{id}` and `/dev/stripe/portal/{id}`; false when the path is not one of them. */
export async function handleStripePages(req: IncomingMessage, res: ServerResponse, url: URL, standIn: StripeStandIn): Promise<boolean> {
  const m = /^\/dev\/stripe\/(checkout|portal)\/([\w-]+)$/.exec(url.pathname);
  if (!m) return false;
  const [, kind, id] = m;
  const notFound = () => sendHtml(res, 404, page('Introuvable', '<div class="card"><p>Session introuvable.</p></div>'));
  if (kind === 'checkout') {
    if (req.method === 'POST') {
      if (!standIn.get('sessions', id)) return (notFound(), true);
      const form = await readForm(req);
      const [mm, yy] = (form.get('exp') ?? '').split('/').map((x) => Number(x.trim()));
      const outcome = await standIn.pay(id, {
        number: form.get('card_number') ?? '',
        expMonth: mm >= 1 && mm <= 12 ? mm : undefined,
        expYear: yy > 0 ? (yy < 100 ? 2000 + yy : yy) : undefined,
      });
      if (outcome.ok) {
        res.writeHead(303, { location: outcome.redirect, 'cache-control': 'no-store' }).end();
        return true;
      }
      const html = checkoutPage(standIn, id, outcome.message);
      if (html) sendHtml(res, 402, html);
      return true;
    }
    const html = checkoutPage(standIn, id);
    if (html) sendHtml(res, 200, html);
    else notFound();
    return true;
  }
  if (req.method === 'POST') {
    const ps = standIn.get('portalSessions', id);
    if (!ps) return (notFound(), true);
    const form = await readForm(req);
    const sub = standIn.get('subscriptions', form.get('subscription') ?? '');
    const action = form.get('action');
    if (sub && sub.customer === ps.customer && (action === 'cancel' || action === 'resume')) {
      await standIn.setCancelAtPeriodEnd(sub.id, action === 'cancel');
      await standIn.idle();
    }
    if (sub && sub.customer === ps.customer && action === 'card') {
      const outcome = await standIn.changeCard(sub.id, { number: form.get('card_number') ?? '' });
      await standIn.idle();
      if (!outcome.ok) {
        sendHtml(res, 402, portalPage(standIn, id, outcome.message) ?? '');
        return true;
      }
    }
    res.writeHead(303, { location: `/dev/stripe/portal/${id}`, 'cache-control': 'no-store' }).end();
    return true;
  }
  const html = portalPage(standIn, id);
  if (html) sendHtml(res, 200, html);
  else notFound();
  return true;
}
