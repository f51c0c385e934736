import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import type { Block, StrandedAppointment } from '../../../shared/console/time-off';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { Modal } from '../../components/Modal';
import { linkButton, outlineButton, primaryButton } from '../../components/styles';
import { FormAlert } from '../ui/Field';
import { ApiError } from '../lib/api';
import { putServerErrors } from '../lib/form-mutation';
import { clock } from '../lib/format';
import { addBlock, changeBlock, removeBlock, strandedBy, timeChanged } from './api';
import { blockBody, blockFormSchema, type BlockForm } from './forms';
import { StrandedConfirm } from './Stranded';

const half = css({ flex: '1 1 8rem', mb: '4' });

/**
 * "Block time" in a stylist's column: a new block over the stretch chosen in the diary (mouse,
 * finger or keyboard), or an existing one to move, resize, rename or remove. A block over
 * appointments is saved only after the person has seen them and pressed "Block anyway".
 */
export function BlockDialog(p: {
  salonId: number;
  date: string;
  timezone: string;
  stylist: { id: number; name: string };
  /** the block to change, or the stretch chosen for a new one */
  block?: Block;
  range?: { start: string; end: string };
  onClose: (done?: string) => void;
}) {
  const queries = useQueryClient();
  const [stranded, setStranded] = useState<{ appointments: StrandedAppointment[]; body: BlockForm } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const schema = useMemo(() => blockFormSchema(p.date, p.timezone, p.stylist.id), [p.date, p.timezone, p.stylist.id]);
  const from = p.block ?? p.range;
  const form = useForm<BlockForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      start: from ? clock(from.start, p.timezone) : '',
      end: from ? clock(from.end, p.timezone) : '',
      reason: p.block?.reason ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  // a new stretch has its times already: the reason is what is left to type (after the dialog,
  // opened by the Modal's own effect, has put the focus on its first field)
  const isNew = !p.block;
  useEffect(() => {
    if (isNew) form.setFocus('reason');
  }, [isNew, form]);

  const save = async (v: BlockForm, confirm: boolean) => {
    setFailure(null);
    const body = blockBody(v, p.date, p.timezone, p.stylist.id);
    try {
      if (p.block) {
        const { stylist_id: _, ...patch } = body;
        await changeBlock(p.salonId, p.block, { ...patch, ...(confirm ? { confirm } : {}) });
      } else await addBlock(p.salonId, { ...body, ...(confirm ? { confirm } : {}) });
      void timeChanged(queries, p.salonId);
      p.onClose(`${p.block ? 'Block moved' : 'Blocked'}: ${p.stylist.name}, ${v.start}–${v.end} (${body.reason}).`);
    } catch (e) {
      const appointments = strandedBy(e);
      if (appointments) return setStranded({ appointments, body: v });
      if (!(e instanceof ApiError)) throw e;
      setFailure(putServerErrors(form, e, (f) => (f === 'start' || f === 'end' || f === 'reason' ? f : null)));
      setStranded(null);
    }
  };
  const submit = form.handleSubmit((v) => save(v, false));
  const remove = async () => {
    if (!p.block) return;
    setBusy(true);
    try {
      await removeBlock(p.salonId, p.block);
      void timeChanged(queries, p.salonId);
      p.onClose(`Block removed: ${p.stylist.name}, ${clock(p.block.start, p.timezone)}–${clock(p.block.end, p.timezone)}.`);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : 'The block could not be removed');
      setBusy(false);
    }
  };

  return (
    <Modal title={`${p.block ? 'Blocked time' : 'Block time'}: ${p.stylist.name}`} onClose={() => p.onClose()}>
      {stranded ? (
        <StrandedConfirm
          appointments={stranded.appointments}
          timezone={p.timezone}
          confirm="Block anyway"
          busy={busy}
          onConfirm={async () => {
            setBusy(true);
            await save(stranded.body, true);
            setBusy(false);
          }}
          onBack={() => setStranded(null)}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <p className={css({ mb: '3', fontSize: 'sm', color: 'textMuted' })}>
            The time is taken off the booking page at once. Times are the salon’s.
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '3' })}>
            <Field label="From" error={errors.start?.message} className={half}>
              {(a) => <input {...a} type="time" step={300} {...form.register('start')} className={fieldInput} />}
            </Field>
            <Field label="Until" error={errors.end?.message} className={half}>
              {(a) => <input {...a} type="time" step={300} {...form.register('end')} className={fieldInput} />}
            </Field>
          </div>
          <Field label="Reason" hint="Such as Training or Team meeting. Staff see it in the diary." error={errors.reason?.message}>
            {(a) => <input {...a} {...form.register('reason')} autoComplete="off" className={fieldInput} />}
          </Field>
          {failure && <FormAlert>{failure}</FormAlert>}
          <div data-dialog-actions className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
            <button type="submit" className={primaryButton} disabled={isSubmitting || busy}>
              {isSubmitting ? 'Saving…' : p.block ? 'Save the block' : 'Block the time'}
            </button>
            {p.block && (
              <button type="button" className={outlineButton} disabled={isSubmitting || busy} onClick={() => void remove()}>
                Remove the block
              </button>
            )}
            <button type="button" className={linkButton} onClick={() => p.onClose()}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
