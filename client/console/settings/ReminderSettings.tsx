import { css } from '../../../styled-system/css';
import { REMINDER_CHANNEL_LABELS, REMINDER_CHANNELS } from '../../../shared/console/reminders';
import { fieldLabel } from '../../components/form-styles';
import { messageAt, OnOffSetting, type SettingsForm } from './controls';

/**
 * Booking page → Reminders: 24 hours before and/or 2 hours before (neither: no reminders), by
 * text, email or both. Texts keep quiet hours; a client who opted out of texts gets an email.
 */
export function ReminderSettings({ form }: { form: SettingsForm }) {
  const error = messageAt(form.formState.errors, 'reminders.channel');
  return (
    <>
      <p className={css({ color: 'textMuted', fontSize: 'sm', mb: '3' })}>
        Each reminder says when the appointment is and has a link where the client can see it, add it to a calendar or cancel it within your
        cancellation rules. No text is sent between 21:00 and 08:00: it goes at 08:00, or at 20:00 the evening before.
      </p>
      <OnOffSetting form={form} name="reminders.day_before" label="Remind clients 24 hours before" />
      <OnOffSetting form={form} name="reminders.two_hours_before" label="Remind clients 2 hours before" />
      <fieldset className={css({ border: 'none', p: '0', mt: '2' })}>
        <legend className={fieldLabel}>Send reminders by</legend>
        {REMINDER_CHANNELS.map((ch) => (
          <label key={ch} className={css({ display: 'flex', gap: '2', alignItems: 'center', py: '1' })}>
            <input
              type="radio"
              value={ch}
              {...form.register('reminders.channel')}
              className={css({ w: '5', h: '5', accentColor: 'primary' })}
            />
            {REMINDER_CHANNEL_LABELS[ch]}
          </label>
        ))}
        <p className={css({ color: 'textMuted', fontSize: 'sm' })}>
          A client who opted out of your texts, or has no mobile number, gets an email instead when we have their address.
        </p>
        {error && <p className={css({ color: 'danger', fontSize: 'sm' })}>{error}</p>}
      </fieldset>
    </>
  );
}
