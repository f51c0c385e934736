import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Modal } from '../../components/Modal';
import { linkButton, outlineButton, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import type { ClientUser } from '../auth';
import { cardKeys, cardQuery, deleteCard, CardSetup, MSG_CARD_REMOVED, MSG_NO_CARD, MSG_REMOVE_FAILED, SavedCardView } from '../payments';

/**
 * Profile, Payment Details (docs/booking/accounts-and-money.md §2, §4 'Card removal'): the saved card with
 * REMOVE THIS CARD, or 'No payment card added'; UPDATE CARD DETAILS opens the card form here.
 */
export function PaymentDetails({ user }: { user: ClientUser }) {
  const { salon } = useSalon();
  const [params] = useSearchParams();
  // Back from 3-D Secure during an update: the form finishes the setup.
  const [updating, setUpdating] = useState(() => params.has('setup_intent'));
  const queryClient = useQueryClient();
  const card = useQuery(cardQuery(salon.id, user.username));
  const saved = card.data;
  const [removed, setRemoved] = useState(false);
  const removal = useMutation({
    mutationFn: () => deleteCard(salon.id, user.username),
    onSuccess: () => setRemoved(true),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });

  const onSaved = useCallback(() => setUpdating(false), []);

  if (updating) {
    return (
      <div>
        <button type="button" className={`${linkButton} ${css({ mb: '3' })}`} onClick={() => setUpdating(false)}>
          ← Back to payment details
        </button>
        <h2 className={css({ fontWeight: '700', mb: '3' })}>Please enter your card details.</h2>
        <CardSetup returnPath="/my-profile" onSaved={onSaved} submitLabel="SAVE CARD" />
      </div>
    );
  }

  const closeRemoved = () => setRemoved(false);
  return (
    <div>
      {card.isPending && <Loading what="your card" />}
      {saved === undefined && card.isError && <CallFailed message={card.error.message} onRetry={() => void card.refetch()} />}
      {saved && (
        <>
          <SavedCardView card={saved} />
          <button
            type="button"
            className={`${outlineButton} ${css({ mb: '3' })}`}
            onClick={() => removal.mutate()}
            disabled={removal.isPending}
          >
            REMOVE THIS CARD
          </button>
        </>
      )}
      {saved === null && <p className={css({ mb: '3' })}>{MSG_NO_CARD}</p>}
      {removal.isError && (
        <p role="alert" className={css({ color: 'danger', mb: '3' })}>
          {MSG_REMOVE_FAILED}
        </p>
      )}
      <div>
        <button type="button" className={primaryButton} onClick={() => setUpdating(true)}>
          UPDATE CARD DETAILS
        </button>
      </div>
      {removed && (
        <Modal title={MSG_CARD_REMOVED} onClose={closeRemoved}>
          <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
            <button type="button" className={outlineButton} onClick={closeRemoved}>
              CLOSE
            </button>
            <button type="button" className={primaryButton} onClick={closeRemoved}>
              OK
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
