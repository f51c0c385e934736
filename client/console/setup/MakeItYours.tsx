import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { settingsSchema, type ConsoleSettings, type VersionedSettings } from '../../../shared/console/settings';
import { CallFailed, Loading } from '../../components/CallFailed';
import { outlineButton } from '../../components/styles';
import { FormAlert } from '../ui/Field';
import { ApiError } from '../lib/api';
import { putServerErrors } from '../lib/form-mutation';
import { LazyAppearance as Appearance, LazyLogoPhoto as LogoPhoto, saveSettings, settingsQuery } from '../settings';

const LOOK = ['theme_mode', 'brand_colour'] as const;

/**
 * The guided set-up's last step (issue 49, docs/get-started.md): the booking page's theme, brand
 * colour and logo, all optional, with the settings' own pickers, live preview and upload (the
 * Booking page place's Appearance and Photos). The look is saved as the Booking page saves it
 * (PATCH settings with its version: History, the page's next load shows it); the logo as soon as
 * it is uploaded.
 */
export function MakeItYours({ salonId }: { salonId: number }) {
  const q = useQuery(settingsQuery(salonId));
  return (
    <section aria-labelledby="setup-look" className={css({ mb: '6' })}>
      <h2 id="setup-look" className={css({ fontSize: 'lg', fontWeight: '700', mb: '1' })}>
        Make it yours (optional)
      </h2>
      <p className={css({ mb: '3', color: 'textMuted' })}>
        Choose how your booking page looks and add your logo. You can change them any time in Booking page.
      </p>
      {q.isPending ? (
        <Loading what="your booking page’s look" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        <LookForm salonId={salonId} loaded={q.data} />
      )}
      <h3 className={css({ fontWeight: '600', mt: '4', mb: '1' })}>Logo</h3>
      <LogoPhoto salonId={salonId} />
    </section>
  );
}

function LookForm({ salonId, loaded }: { salonId: number; loaded: VersionedSettings }) {
  const queries = useQueryClient();
  const [base, setBase] = useState(loaded);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<ConsoleSettings>({ resolver: zodResolver(settingsSchema), defaultValues: loaded.settings });

  const save = form.handleSubmit(
    async (values) => {
      setOutcome(null);
      const patch = Object.fromEntries(LOOK.filter((k) => values[k] !== base.settings[k]).map((k) => [k, values[k]]));
      if (Object.keys(patch).length === 0) return setOutcome({ ok: true, text: 'Nothing to save: the look has not changed.' });
      try {
        const saved = await saveSettings(salonId, base.version, patch);
        setBase(saved);
        queries.setQueryData(settingsQuery(salonId).queryKey, saved);
        form.reset(saved.settings);
        setOutcome({ ok: true, text: 'Saved. Your booking page has its new look.' });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        if (e.status === 412) {
          await queries.invalidateQueries({ queryKey: settingsQuery(salonId).queryKey });
          return setOutcome({ ok: false, text: 'Someone changed the booking page meanwhile. Choose the look again and save.' });
        }
        putServerErrors(form, e);
        setOutcome({ ok: false, text: e.message });
      }
    },
    () => setOutcome({ ok: false, text: 'Please check the brand colour.' }),
  );

  return (
    <form onSubmit={save} noValidate aria-label="Theme and brand colour">
      <Appearance form={form} salonId={salonId} />
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <button type="submit" className={outlineButton} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save the look'}
        </button>
        <div aria-live="polite">
          {outcome && (outcome.ok ? <p role="status">{outcome.text}</p> : <FormAlert>{outcome.text}</FormAlert>)}
        </div>
      </div>
    </form>
  );
}
