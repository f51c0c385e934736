import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useHref, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { outlineButton, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth';
import { cardQuery, requestSetupIntent, saveCard } from './api';
import { MSG_AUTHENTICATION, MSG_CARD_SAVED, MSG_CONFIRM_EXCEPTION, MSG_SETUP_FAILED, setupErrorMessage } from './messages';
import type { CardFieldsProps, CardForm, SavedCard, SetupIntentAnswer } from './types';

/** Redirect after card saved (docs/booking/accounts-and-money.md §9). */
export const SAVED_REDIRECT_MS = 2000;

// Each card form loads only when a card screen shows it: Stripe.js is never in the first bundle.
const OfflineCardFields = lazy(() => import('./offline/OfflineCardFields').then((m) => ({ default: m.OfflineCardFields })));
const StripeCardFields = lazy(() => import('./stripe/StripeCardFields').then((m) => ({ default: m.StripeCardFields })));
const fieldsFor = (s: SetupIntentAnswer): ComponentType<CardFieldsProps> => (s.stripe_base ? OfflineCardFields : StripeCardFields);

interface Props {
  /** where 3-D Secure comes back to (a route of this salon, e.g. '/add-new-card') */
  returnPath: string;
  /** SAVED_REDIRECT_MS after 'Success! Your payment method has been saved.' */
  onSaved: (card: SavedCard) => void;
  submitLabel?: string;
  /** START AGAIN beside the failure (the booking flow) */
  onStartAgain?: () => void;
}

/**
 * Card setup (§4): a setup intent for the salon and client, the three card fields, NEXT once they
 * are complete (pressed once), the setup confirmed with the provider (3-D Secure included), and
 * the card saved by the server; on a return from 3-D Secure it finishes the setup instead.
 */
export function CardSetup({ returnPath, onSaved, submitLabel = 'NEXT', onStartAgain }: Props) {
  const { salon } = useSalon();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returnHref = useHref(returnPath);
  const returning = params.get('setup_intent') !== null && params.get('redirect_status') !== null;

  const [setup, setSetup] = useState<SetupIntentAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [complete, setComplete] = useState(false);
  const [busy, setBusy] = useState(returning);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<SavedCard | null>(null);
  /** finishing a setup that came back from 3-D Secure */
  const [finishing, setFinishing] = useState(returning);
  const form = useRef<CardForm>(null);
  /** the setup intent was confirmed once already: the next try asks for a fresh one */
  const used = useRef(false);
  const finished = useRef(false);

  const fail = useCallback(
    (e: unknown) => {
      setFailure(
        e instanceof ApiError
          ? e.code
            ? setupErrorMessage({ code: e.code, decline_code: e.declineCode, message: e.message }, salon.phone)
            : MSG_CONFIRM_EXCEPTION
          : MSG_CONFIRM_EXCEPTION,
      );
      setBusy(false);
      setFinishing(false);
    },
    [salon.phone],
  );

  // Back from the 3-D Secure page: save the card, or say the authentication failed.
  useEffect(() => {
    if (!returning || finished.current) return;
    finished.current = true;
    const id = params.get('setup_intent')!;
    const ok = params.get('redirect_status') === 'succeeded';
    setParams({}, { replace: true });
    if (!ok) {
      setFailure(MSG_AUTHENTICATION);
      setBusy(false);
      setFinishing(false);
      return;
    }
    saveCard(salon.id, id).then(setSaved, fail);
  }, [returning, params, setParams, salon.id, fail]);

  // A setup intent for the form (its publishable key decides which form shows).
  const needIntent = !saved && !finishing && !!user;
  useEffect(() => {
    if (!needIntent || setup) return;
    let gone = false;
    setLoadError(null);
    requestSetupIntent(salon.id, user!.username).then(
      (s) => !gone && setSetup(s),
      (e: unknown) => !gone && setLoadError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      gone = true;
    };
  }, [needIntent, setup, salon.id, user, attempt]);

  useEffect(() => {
    if (!saved) return;
    const t = window.setTimeout(() => {
      // The screens that show the saved card have it at once: once this one has said it is
      // saved, as a screen around it may go on as soon as it knows of the card.
      if (user) queryClient.setQueryData(cardQuery(salon.id, user.username).queryKey, saved);
      onSaved(saved);
    }, SAVED_REDIRECT_MS);
    return () => window.clearTimeout(t);
  }, [saved, onSaved, queryClient, salon.id, user]);

  const submit = async () => {
    if (busy || !complete || !setup || !form.current || !user) return;
    setBusy(true);
    setFailure(null);
    try {
      let s = setup;
      if (used.current) {
        s = await requestSetupIntent(salon.id, user.username);
        setSetup(s);
      }
      used.current = true;
      const outcome = await form.current.confirmSetup(s, `${window.location.origin}${returnHref}`);
      if (outcome.status === 'redirecting') return; // stays busy while the browser leaves
      if (outcome.status === 'failed') {
        setFailure(setupErrorMessage(outcome.error, salon.phone));
        setBusy(false);
        return;
      }
      setSaved(await saveCard(salon.id, outcome.setupIntentId));
    } catch (e) {
      fail(e);
    }
  };

  if (saved) {
    return (
      <p role="status" className={css({ my: '4', p: '3', rounded: 'md', bg: 'surfaceMuted', fontWeight: '700' })}>
        {MSG_CARD_SAVED}
      </p>
    );
  }

  const Fields = setup ? fieldsFor(setup) : null;
  return (
    <form
      aria-label="Card details"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure && (
        <div role="alert" className={css({ my: '3', p: '3', border: '1px solid', borderColor: 'danger', rounded: 'md' })}>
          <h2 className={css({ fontWeight: '700', color: 'danger', mb: '1' })}>{MSG_SETUP_FAILED}</h2>
          <p className={css({ color: 'danger' })}>{failure}</p>
          {onStartAgain && (
            <button type="button" className={`${outlineButton} ${css({ mt: '3' })}`} onClick={onStartAgain}>
              START AGAIN
            </button>
          )}
        </div>
      )}
      {loadError && (
        <CallFailed
          message={loadError}
          onRetry={() => {
            setLoadError(null);
            setAttempt((a) => a + 1);
          }}
        />
      )}
      {finishing && <Loading what="your card" />}
      {Fields && (
        <Suspense fallback={<Loading what="the card form" />}>
          <Fields setup={setup!} formRef={form} onCompleteChange={setComplete} disabled={busy} />
        </Suspense>
      )}
      {!Fields && !loadError && !finishing && <Loading what="the card form" />}
      {busy && !finishing && (
        <p role="status" className={css({ color: 'textMuted', mb: '2' })}>
          Saving your card…
        </p>
      )}
      <button
        type="submit"
        className={`${primaryButton} ${css({ w: 'full', mt: '2' })}`}
        disabled={!complete || busy || !setup}
        aria-busy={busy}
      >
        {submitLabel}
      </button>
    </form>
  );
}
