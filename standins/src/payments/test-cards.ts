/**
 * Stripe's test cards and test payment method ids, with the behaviour each one has in the
 * sandbox (docs/payments.md "Stripe's test cards"). The behaviour is all a payment method keeps of
 * its number, with brand, last4, expiry and fingerprint.
 */
export type Behaviour =
  | 'succeed'
  | 'decline_generic'
  | 'decline_insufficient_funds'
  | 'decline_expired_card'
  | 'decline_incorrect_cvc'
  | 'decline_processing_error'
  /** 4000002500003155: 3-D Secure, unless the card was set up (SetupIntent) first */
  | 'auth_unless_set_up'
  /** 4000002760003184: 3-D Secure on every payment and setup */
  | 'auth_always'
  /** 4000000000003220: 3-D Secure 2 on every payment and setup */
  | 'auth_3ds2'
  /** 4000008260003178: 3-D Secure unless set up, then declined for insufficient funds */
  | 'auth_then_insufficient_funds'
  /** 4000000000000341: attaches and sets up, every charge fails */
  | 'charge_fails';

export type Brand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay';

export interface TestCard {
  brand: Brand;
  funding: 'credit' | 'debit';
  country: string;
  behaviour: Behaviour;
}

const card = (brand: Brand, behaviour: Behaviour = 'succeed', funding: 'credit' | 'debit' = 'credit', country = 'US'): TestCard => ({
  brand,
  funding,
  country,
  behaviour,
});

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': card('visa'),
  '4000056655665556': card('visa', 'succeed', 'debit'),
  '5555555555554444': card('mastercard'),
  '2223003122003222': card('mastercard'),
  '5200828282828210': card('mastercard', 'succeed', 'debit'),
  '378282246310005': card('amex'),
  '371449635398431': card('amex'),
  '6011111111111117': card('discover'),
  '3056930009020004': card('diners'),
  '36227206271667': card('diners'),
  '3566002020360505': card('jcb', 'succeed', 'credit', 'JP'),
  '6200000000000005': card('unionpay', 'succeed', 'credit', 'CN'),
  '4000008260000000': card('visa', 'succeed', 'credit', 'GB'),
  '4000058260000005': card('visa', 'succeed', 'debit', 'GB'),
  '5555558265554449': card('mastercard', 'succeed', 'credit', 'GB'),
  '4000000000000002': card('visa', 'decline_generic'),
  '4000000000009995': card('visa', 'decline_insufficient_funds'),
  '4000000000000069': card('visa', 'decline_expired_card'),
  '4000000000000127': card('visa', 'decline_incorrect_cvc'),
  '4000000000000119': card('visa', 'decline_processing_error'),
  '4000002500003155': card('visa', 'auth_unless_set_up'),
  '4000002760003184': card('visa', 'auth_always'),
  '4000000000003220': card('visa', 'auth_3ds2'),
  '4000008260003178': card('visa', 'auth_then_insufficient_funds', 'credit', 'GB'),
  '4000000000000341': card('visa', 'charge_fails'),
};

/** Stripe's test PaymentMethod ids: using one creates a fresh pm_... from its test card. */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_mastercard_debit: '5200828282828210',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_diners: '3056930009020004',
  pm_card_jcb: '3566002020360505',
  pm_card_unionpay: '6200000000000005',
  pm_card_gb: '4000008260000000',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_visa_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_visa_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_visa_chargeDeclinedProcessingError: '4000000000000119',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequiredSetupForOffSession: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000000000003220',
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: '4000008260003178',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export const isTestPaymentMethodId = (id: string) => Object.hasOwn(TEST_PAYMENT_METHODS, id);
