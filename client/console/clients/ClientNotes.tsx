import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '../../components/Field';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { clientNoteSchema, type ClientNote, type ClientNoteInput } from '../../../shared/console/clients';
import { fieldInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { salonTime } from '../lib/salon-facts';
import { useFormMutation } from '../lib/form-mutation';
import { addClientNote, clientCardQuery } from './api';

/** The salon's notes about a client, newest first; owners and managers add them. */
export function ClientNotes(p: { salonId: number; clientKey: string; notes: ClientNote[]; canWrite: boolean; timezone: string }) {
  return (
    <section aria-labelledby="client-notes" className={sectionBox}>
      <h2 id="client-notes" className={sectionTitle}>
        Notes
      </h2>
      {p.canWrite && <NewNote salonId={p.salonId} clientKey={p.clientKey} />}
      {p.notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ul className={css({ listStyle: 'none' })}>
          {p.notes.map((n) => (
            <li key={n.id} className={css({ py: '2', borderTop: '1px solid {colors.surfaceMuted}' })}>
              <p className={css({ whiteSpace: 'pre-wrap' })}>{n.body}</p>
              <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
                {n.staff_name}, {salonTime(n.created_at, p.timezone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewNote({ salonId, clientKey }: { salonId: number; clientKey: string }) {
  const queries = useQueryClient();
  const form = useForm<ClientNoteInput>({ resolver: zodResolver(clientNoteSchema), defaultValues: { body: '' } });
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (v) => addClientNote(salonId, clientKey, v),
    onSuccess: async () => {
      form.reset({ body: '' });
      await queries.invalidateQueries({ queryKey: clientCardQuery(salonId, clientKey).queryKey });
    },
  });
  return (
    <form onSubmit={submit} noValidate className={css({ mb: '4', maxW: '560px' })}>
      <Field label="Add a note" hint="Only the salon’s staff see notes" error={form.formState.errors.body?.message}>
        {(a) => <textarea {...a} {...form.register('body')} rows={3} className={fieldInput} />}
      </Field>
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        Save note
      </button>
    </form>
  );
}
