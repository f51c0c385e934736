import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import {
  SETTING_NAMES,
  settingsSchema,
  type ConsoleSettings,
  type SettingName,
  type StaleSettings,
  type VersionedSettings,
} from '../../../shared/console/settings';
import { CallFailed, Loading } from '../../components/CallFailed';
import { primaryButton } from '../../components/styles';
import { screenTitle } from '../ui/looks';
import { useCurrentSalon } from '../lib/current-salon';
import { FormAlert } from '../ui/Field';
import { ConsoleCallError } from '../lib/api';
import { saveSettings, settingsQuery } from './api';
import * as S from './Sections';
import { StaleNotice } from './StaleNotice';

/** Booking page: every setting of the shared schema, grouped as an owner thinks of them, saved together. */
export function BookingPageSettings() {
  const salon = useCurrentSalon();
  const q = useQuery(settingsQuery(salon.id));
  if (q.isPending) return <Loading what="your booking page’s settings" />;
  if (q.isError) return <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />;
  // a form of its own per salon and per loaded version: switching salons never mixes their settings
  return <SettingsForm key={salon.id} salonId={salon.id} salonName={salon.name} loaded={q.data} />;
}

const changedFields = (before: ConsoleSettings, after: ConsoleSettings) =>
  SETTING_NAMES.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

function SettingsForm({ salonId, salonName, loaded }: { salonId: number; salonName: string; loaded: VersionedSettings }) {
  const queries = useQueryClient();
  const [base, setBase] = useState(loaded);
  const [stale, setStale] = useState<StaleSettings | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<ConsoleSettings>({ resolver: zodResolver(settingsSchema), defaultValues: loaded.settings });

  const adopt = (v: VersionedSettings) => {
    setBase(v);
    queries.setQueryData(settingsQuery(salonId).queryKey, v);
    void queries.invalidateQueries({ queryKey: ['console', salonId, 'history'] });
  };

  const submit = form.handleSubmit(
    async (values) => {
      setOutcome(null);
      const changed = changedFields(base.settings, values);
      if (changed.length === 0) return setOutcome({ ok: true, text: 'Nothing to save: no setting has changed.' });
      try {
        const saved = await saveSettings(salonId, base.version, Object.fromEntries(changed.map((k) => [k, values[k]])));
        adopt(saved);
        form.reset(saved.settings);
        setStale(null);
        setOutcome({ ok: true, text: 'Saved. Clients see the change the next time they open your booking page.' });
      } catch (e) {
        if (!(e instanceof ConsoleCallError)) throw e;
        if (e.status === 412) return setStale(e.body as StaleSettings);
        const fields = Object.entries(e.fieldErrors);
        for (const [name, message] of fields) form.setError(name as SettingName, { message });
        setOutcome({ ok: false, text: fields.length ? 'Please check the settings marked below.' : e.message });
      }
    },
    () => setOutcome({ ok: false, text: 'Please check the settings marked below.' }),
  );

  const loadLatest = () => {
    if (!stale) return;
    adopt(stale.current);
    form.reset(stale.current.settings);
    setStale(null);
    setOutcome({ ok: true, text: 'The latest settings are loaded. Make your changes again and save.' });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="booking-page-title">
      <h1 id="booking-page-title" className={screenTitle}>
        Booking page
      </h1>
      <p className={css({ mb: '4', color: 'textMuted' })}>How {salonName} looks and works for clients who book online.</p>
      <S.Appearance form={form} salonId={salonId} />
      <S.OnlineBooking form={form} />
      <S.DepositsAndCards form={form} paymentsReady={base.can_take_payments !== false} />
      <S.Cancellations form={form} />
      <S.Waitlist form={form} />
      <S.Texts form={form} />
      <S.Photos salonId={salonId} />
      <S.AddressAndHours form={form} />
      <S.GiftVouchers form={form} paymentsReady={base.can_take_payments !== false} />
      <S.Reminders form={form} />
      <S.Tracking form={form} />
      <div
        className={css({
          position: 'sticky',
          bottom: '0',
          bg: 'bg',
          borderTop: '1px solid {colors.surfaceMuted}',
          py: '3',
          px: '1',
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          alignItems: 'center',
        })}
      >
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save changes'}
        </button>
        {form.formState.isDirty && !outcome && (
          <span className={css({ color: 'textMuted', fontSize: 'sm' })}>You have unsaved changes.</span>
        )}
        <div aria-live="polite" className={css({ flex: '1', minW: '200px' })}>
          {outcome && (outcome.ok ? <p role="status">{outcome.text}</p> : <FormAlert>{outcome.text}</FormAlert>)}
        </div>
      </div>
      {stale && <StaleNotice stale={stale} mine={changedFields(base.settings, form.getValues())} onLoadLatest={loadLatest} />}
    </form>
  );
}
