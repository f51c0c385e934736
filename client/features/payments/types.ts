import type { Ref } from 'react';

export type { SavedCard } from '../../../shared/cards';

/** POST ncob/checkout/salon/setupintent/{salonId}/{username}/ (its answer, as worker/api/cards.ts gives it) */
export interface SetupIntentAnswer {
  /** Stripe's; null only for an intent that has none (never one just created) */
  client_secret: string | null;
  setup_intent_id: string;
  publishable_key: string;
  /** '/__stripe' offline (the stand-in), null with real Stripe */
  stripe_base: string | null;
}

/** An error as the card provider gives it (Stripe's error object). */
export interface ProviderError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** How confirming a setup intent with the entered card ended. */
export type SetupOutcome =
  | { status: 'succeeded'; setupIntentId: string }
  /** 3-D Secure: the browser is on its way to the challenge page, and comes back to returnUrl */
  | { status: 'redirecting' }
  | { status: 'failed'; error: ProviderError };

/** What a card form can do once its three fields are complete. */
export interface CardForm {
  confirmSetup(setup: SetupIntentAnswer, returnUrl: string): Promise<SetupOutcome>;
}

/**
 * The one interface of both card forms (offline: our own fields and the stand-in; production:
 * Stripe Elements): three fields, completeness reported up, confirmSetup through the ref.
 */
export interface CardFieldsProps {
  setup: SetupIntentAnswer;
  formRef: Ref<CardForm>;
  /** all three fields complete and valid */
  onCompleteChange: (complete: boolean) => void;
  disabled: boolean;
}
