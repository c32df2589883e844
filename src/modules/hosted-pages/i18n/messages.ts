/**
 * Every string the customer-facing pages show, per language. English is the reference: a key missing from
 * another catalogue is a type error, so no page can fall back to a raw key. `{name}` placeholders are filled
 * by `translate`; placeholder values are escaped by the page templates like any other text.
 */

const en = {
  'page.title': 'Pay {merchant}',
  'page.test_banner': 'Test mode: no real money is moved.',
  'page.footer': 'Secure payment page. Card details go straight to our card vault, never to the shop.',
  'order.heading': 'Pay {amount}',
  'order.merchant': 'Payment to {merchant}',
  'order.amount': 'Amount',
  'order.description': 'Order',
  'order.choose_method': 'How would you like to pay?',
  'order.no_methods': 'This shop offers no payment method that works in this browser.',
  'order.cancel': 'Cancel payment',
  'wallet.unavailable': 'Not available in this browser.',
  'wallet.wallet-a-pay': 'Wallet A Pay',
  'wallet.wallet-b-pay': 'Wallet B Pay',
  'wallet.ideal': 'iDEAL',
  'bank.title': 'Simulated bank: iDEAL',
  'bank.heading': 'Approve the payment of {amount}',
  'bank.issuer': 'Bank: {issuer}',
  'bank.explain':
    'This is the test bank of a test project: choose what the bank answers. No real money is moved. Close this page to leave the payment open until the order expires.',
  'bank.approve': 'Approve',
  'bank.cancel': 'Cancel',
  'bank.fail': 'Fail',
  'card.heading': 'Pay by card',
  'card.number': 'Card number',
  'card.expiry': 'Expiry date',
  'card.expiry_hint': 'MM / YY',
  'card.cvc': 'Security code (CVC)',
  'card.cvc_hint': '3 digits on the back of the card (4 on the front for American Express).',
  'card.name': 'Name on card',
  'card.pay': 'Pay {amount}',
  'card.verify': 'Verify card',
  'card.processing': 'Processing…',
  'card.brand': 'Card type: {brand}',
  'card.errors_heading': 'Please check the highlighted fields.',
  'error.pan.required': 'Enter the card number.',
  'error.pan.invalid': 'This is not a valid card number. Check the digits.',
  'error.expiry.required': 'Enter the expiry date.',
  'error.expiry.invalid': 'Enter the expiry date as MM / YY.',
  'error.expiry.expired': 'This card has expired.',
  'error.cvc.required': 'Enter the security code.',
  'error.cvc.invalid': 'The security code has {digits} digits.',
  'error.name.invalid': 'The name can be at most 120 characters.',
  'attempt.declined': 'Your bank declined the payment. Nothing was charged. Try again or use another card.',
  'attempt.insufficient_funds':
    'The payment was declined because of insufficient funds. Nothing was charged. Try another card.',
  'attempt.invalid_card':
    'The card was not accepted. Nothing was charged. Check the details or use another card.',
  'attempt.error':
    'Something went wrong while processing the payment. Nothing was charged. Please try again.',
  'attempt.authentication_failed':
    'The payment could not be confirmed with your bank. Nothing was charged. Please try again.',
  'attempt.cancelled': 'You cancelled the payment. Nothing was charged. You can try again.',
  'attempt.unavailable': 'Card payments are not available for this shop at the moment.',
  'challenge.title': 'Confirm your payment',
  'challenge.bank': 'Your bank · Secure verification',
  'challenge.intro': 'Your bank asks you to confirm this payment with the one-time code it sent you.',
  'challenge.merchant': 'Merchant',
  'challenge.amount': 'Amount',
  'challenge.card': 'Card',
  'challenge.card_ending': 'ending in {last4}',
  'challenge.code': 'One-time code',
  'challenge.test_hint': 'Test mode: the code {code} passes, any other code fails.',
  'challenge.confirm': 'Confirm',
  'challenge.cancel': 'Cancel',
  'first.title': 'Save your card',
  'state.completed.title': 'Payment completed',
  'state.completed.body': 'Thank you: your payment went through.',
  'state.failed.title': 'Payment failed',
  'state.failed.body': 'The payment did not go through. Nothing was charged.',
  'state.cancelled.title': 'Payment cancelled',
  'state.cancelled.body': 'This payment was cancelled. Nothing was charged.',
  'state.expired.title': 'Payment link expired',
  'state.expired.body': 'This payment link has expired. Nothing was charged. Ask the shop for a new one.',
  'state.in_progress.title': 'Payment in progress',
  'state.in_progress.body': 'This payment is being processed. You can close this page.',
  'state.elsewhere.title': 'Payment in progress',
  'state.elsewhere.body':
    'A payment for this order is in progress in another browser. If it does not go through, this page lets you pay once it has ended.',
  'state.awaiting_acquirer.title': 'Waiting for your bank',
  'state.awaiting_acquirer.body':
    'Your bank has not yet confirmed an earlier payment for this order. Reload this page to see whether it went through, or pay another way.',
  'state.awaiting_acquirer.pay_again': 'Pay another way',
  'attempt.paying_again':
    'An earlier payment is still waiting for your bank. If it goes through as well, the shop refunds one of the two payments.',
  'state.challenge_pending.title': 'Confirmation needed',
  'state.challenge_pending.body': 'A payment for this order is waiting for confirmation with your bank.',
  'state.challenge_pending.continue': 'Continue to your bank',
  'state.not_found.title': 'Payment not found',
  'state.not_found.order': 'This payment link is not valid. Check the link or ask the shop for a new one.',
  'state.not_found.payment': 'This payment link is not valid.',
  'state.back_to_shop': 'Return to {merchant}',
  'state.forbidden.title': 'Page expired',
  'state.forbidden.body':
    'This page has expired for security reasons. Go back, reload the page and try again.',
  'state.error.title': 'Something went wrong',
  'state.error.body': 'Something went wrong on our side. Nothing was charged. Please try again later.',
  'link.expired.title': 'Payment link expired',
  'link.expired.body': 'This payment link has expired. Nothing was charged. Ask the shop for a new one.',
  'link.deactivated.title': 'Payment link no longer active',
  'link.deactivated.body':
    'The shop has deactivated this payment link. Nothing was charged. Ask the shop for a new one.',
  'link.used.title': 'Payment link already used',
  'link.used.body': 'This payment link has already been paid. It cannot be used for another payment.',
  'link.unavailable.title': 'Payment link unavailable',
  'link.unavailable.body':
    'This payment link cannot be used right now. Nothing was charged. Please contact the shop.',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;

const nl: Catalogue = {
  'page.title': 'Betalen aan {merchant}',
  'page.test_banner': 'Testmodus: er wordt geen echt geld overgemaakt.',
  'page.footer':
    'Beveiligde betaalpagina. Kaartgegevens gaan rechtstreeks naar onze kaartkluis, nooit naar de winkel.',
  'order.heading': 'Betaal {amount}',
  'order.merchant': 'Betaling aan {merchant}',
  'order.amount': 'Bedrag',
  'order.description': 'Bestelling',
  'order.choose_method': 'Hoe wilt u betalen?',
  'order.no_methods': 'Deze winkel biedt geen betaalmethode die in deze browser werkt.',
  'order.cancel': 'Betaling annuleren',
  'wallet.unavailable': 'Niet beschikbaar in deze browser.',
  'wallet.wallet-a-pay': 'Wallet A Pay',
  'wallet.wallet-b-pay': 'Wallet B Pay',
  'wallet.ideal': 'iDEAL',
  'bank.title': 'Gesimuleerde bank: iDEAL',
  'bank.heading': 'Keur de betaling van {amount} goed',
  'bank.issuer': 'Bank: {issuer}',
  'bank.explain':
    'Dit is de testbank van een testproject: kies wat de bank antwoordt. Er wordt geen echt geld overgemaakt. Sluit deze pagina om de betaling open te laten tot de bestelling verloopt.',
  'bank.approve': 'Goedkeuren',
  'bank.cancel': 'Annuleren',
  'bank.fail': 'Laten mislukken',
  'card.heading': 'Betalen met kaart',
  'card.number': 'Kaartnummer',
  'card.expiry': 'Vervaldatum',
  'card.expiry_hint': 'MM / JJ',
  'card.cvc': 'Beveiligingscode (CVC)',
  'card.cvc_hint': '3 cijfers op de achterkant van de kaart (4 op de voorkant bij American Express).',
  'card.name': 'Naam op de kaart',
  'card.pay': 'Betaal {amount}',
  'card.verify': 'Kaart controleren',
  'card.processing': 'Bezig…',
  'card.brand': 'Soort kaart: {brand}',
  'card.errors_heading': 'Controleer de gemarkeerde velden.',
  'error.pan.required': 'Vul het kaartnummer in.',
  'error.pan.invalid': 'Dit is geen geldig kaartnummer. Controleer de cijfers.',
  'error.expiry.required': 'Vul de vervaldatum in.',
  'error.expiry.invalid': 'Vul de vervaldatum in als MM / JJ.',
  'error.expiry.expired': 'Deze kaart is verlopen.',
  'error.cvc.required': 'Vul de beveiligingscode in.',
  'error.cvc.invalid': 'De beveiligingscode heeft {digits} cijfers.',
  'error.name.invalid': 'De naam mag hoogstens 120 tekens lang zijn.',
  'attempt.declined':
    'Uw bank heeft de betaling geweigerd. Er is niets afgeschreven. Probeer het opnieuw of gebruik een andere kaart.',
  'attempt.insufficient_funds':
    'De betaling is geweigerd wegens onvoldoende saldo. Er is niets afgeschreven. Probeer een andere kaart.',
  'attempt.invalid_card':
    'De kaart is niet geaccepteerd. Er is niets afgeschreven. Controleer de gegevens of gebruik een andere kaart.',
  'attempt.error':
    'Er ging iets mis bij het verwerken van de betaling. Er is niets afgeschreven. Probeer het opnieuw.',
  'attempt.authentication_failed':
    'De betaling kon niet worden bevestigd bij uw bank. Er is niets afgeschreven. Probeer het opnieuw.',
  'attempt.cancelled':
    'U heeft de betaling geannuleerd. Er is niets afgeschreven. U kunt het opnieuw proberen.',
  'attempt.unavailable': 'Kaartbetalingen zijn op dit moment niet beschikbaar voor deze winkel.',
  'challenge.title': 'Bevestig uw betaling',
  'challenge.bank': 'Uw bank · Beveiligde verificatie',
  'challenge.intro':
    'Uw bank vraagt u deze betaling te bevestigen met de eenmalige code die u is toegestuurd.',
  'challenge.merchant': 'Winkel',
  'challenge.amount': 'Bedrag',
  'challenge.card': 'Kaart',
  'challenge.card_ending': 'eindigend op {last4}',
  'challenge.code': 'Eenmalige code',
  'challenge.test_hint': 'Testmodus: de code {code} slaagt, elke andere code mislukt.',
  'challenge.confirm': 'Bevestigen',
  'challenge.cancel': 'Annuleren',
  'first.title': 'Uw kaart opslaan',
  'state.completed.title': 'Betaling voltooid',
  'state.completed.body': 'Bedankt: uw betaling is gelukt.',
  'state.failed.title': 'Betaling mislukt',
  'state.failed.body': 'De betaling is niet gelukt. Er is niets afgeschreven.',
  'state.cancelled.title': 'Betaling geannuleerd',
  'state.cancelled.body': 'Deze betaling is geannuleerd. Er is niets afgeschreven.',
  'state.expired.title': 'Betaallink verlopen',
  'state.expired.body':
    'Deze betaallink is verlopen. Er is niets afgeschreven. Vraag de winkel om een nieuwe.',
  'state.in_progress.title': 'Betaling wordt verwerkt',
  'state.in_progress.body': 'Deze betaling wordt verwerkt. U kunt deze pagina sluiten.',
  'state.elsewhere.title': 'Betaling bezig',
  'state.elsewhere.body':
    'Er loopt al een betaling voor deze bestelling in een andere browser. Als die niet lukt, kunt u hier betalen zodra die is afgelopen.',
  'state.awaiting_acquirer.title': 'Wachten op uw bank',
  'state.awaiting_acquirer.body':
    'Uw bank heeft een eerdere betaling voor deze bestelling nog niet bevestigd. Laad deze pagina opnieuw om te zien of die is gelukt, of betaal op een andere manier.',
  'state.awaiting_acquirer.pay_again': 'Op een andere manier betalen',
  'attempt.paying_again':
    'Een eerdere betaling wacht nog op uw bank. Als die ook lukt, betaalt de winkel een van de twee betalingen terug.',
  'state.challenge_pending.title': 'Bevestiging nodig',
  'state.challenge_pending.body': 'Een betaling voor deze bestelling wacht op bevestiging bij uw bank.',
  'state.challenge_pending.continue': 'Verder naar uw bank',
  'state.not_found.title': 'Betaling niet gevonden',
  'state.not_found.order':
    'Deze betaallink is niet geldig. Controleer de link of vraag de winkel om een nieuwe.',
  'state.not_found.payment': 'Deze betaallink is niet geldig.',
  'state.back_to_shop': 'Terug naar {merchant}',
  'state.forbidden.title': 'Pagina verlopen',
  'state.forbidden.body':
    'Deze pagina is om veiligheidsredenen verlopen. Ga terug, laad de pagina opnieuw en probeer het nog eens.',
  'state.error.title': 'Er ging iets mis',
  'state.error.body': 'Er ging bij ons iets mis. Er is niets afgeschreven. Probeer het later opnieuw.',
  'link.expired.title': 'Betaallink verlopen',
  'link.expired.body':
    'Deze betaallink is verlopen. Er is niets afgeschreven. Vraag de winkel om een nieuwe.',
  'link.deactivated.title': 'Betaallink niet meer actief',
  'link.deactivated.body':
    'De winkel heeft deze betaallink uitgeschakeld. Er is niets afgeschreven. Vraag de winkel om een nieuwe.',
  'link.used.title': 'Betaallink al gebruikt',
  'link.used.body': 'Deze betaallink is al betaald. Hij kan niet voor een tweede betaling worden gebruikt.',
  'link.unavailable.title': 'Betaallink niet beschikbaar',
  'link.unavailable.body':
    'Deze betaallink kan nu niet worden gebruikt. Er is niets afgeschreven. Neem contact op met de winkel.',
};

export const CATALOGUES = { en, nl } as const satisfies Record<string, Catalogue>;
export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];

export function isMessageKey(key: string): key is MessageKey {
  return key in CATALOGUES.en;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  const catalogue: Catalogue = CATALOGUES[language];
  return (key, params) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}
