import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import type { CreatedSalon } from '../../../shared/console/new-salon';
import { COUNTRIES, countryOf } from '../../../shared/countries';
import type * as z from '../../../shared/zod';
import { fieldInput, radioRow, selectInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { Field } from '../../components/Field';
import { useFormMutation } from '../lib/form-mutation';
import { checkbox, FormAlert } from '../ui/Field';
import { ShortNameSection } from '../addresses';
import { reloadMe, useSession } from '../lib/session';
import { createSalon } from './api';
import { MakeItYours } from './MakeItYours';
import { MENU_CHOICES, SET_UP_DEFAULTS, setUpForm, WEEK_ROWS, type SetUpValues } from './form';

const FIELDS = ['name', 'country', 'timezone', 'address_line_1', 'address_line_2', 'city', 'postcode', 'phone', 'starter_menu'] as const;
const section = css({ mb: '6' });
const heading = css({ fontSize: 'lg', fontWeight: '700', mb: '3' });

/**
 * The guided set-up of a signed-in person with no salon yet (issue 49): the salon's name, its
 * country (currency and time zone), address and phone, opening hours and a starter menu; the
 * caller becomes its owner and first stylist. Then its page is live: the theme, brand colour and
 * logo (optional), a short name, and the console opens on it, Today with its checklist.
 */
export function SetUpSalon() {
  const [created, setCreated] = useState<CreatedSalon | null>(null);
  return created ? <SalonLive salon={created} /> : <SetUpForm onCreated={setCreated} />;
}

/** The end of the set-up: the booking page is live; its look and logo (optional) and a short link are offered; then the console. */
function SalonLive({ salon }: { salon: CreatedSalon }) {
  const [failure, setFailure] = useState<string | null>(null);
  const open = async () => {
    setFailure(null);
    try {
      await reloadMe();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <main className={css({ maxW: '640px', mx: 'auto', p: { base: '4', md: '8' } })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: '700', mb: '2' })}>Your booking page is live</h1>
      <p role="status" className={css({ mb: '6' })}>
        Clients can book {salon.name} now at{' '}
        <a href={salon.booking_page} className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>
          {salon.booking_page}
        </a>
        .
      </p>
      <MakeItYours salonId={salon.id} />
      <ShortNameSection salonId={salon.id} />
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="button" className={primaryButton} onClick={() => void open()}>
        Go to your console
      </button>
    </main>
  );
}

function SetUpForm({ onCreated }: { onCreated: (salon: CreatedSalon) => void }) {
  const { me } = useSession();
  const form = useForm<SetUpValues, unknown, z.output<typeof setUpForm>>({
    resolver: zodResolver(setUpForm),
    defaultValues: SET_UP_DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;
  const country = countryOf(form.watch('country')) ?? COUNTRIES[0]!;
  const days = form.watch('days');
  // the call's rule on the hours (a day closing before it opens, no open day) has no single field
  const hoursError = (() => {
    const h = (errors as { hours?: unknown }).hours as
      { message?: string; root?: { message?: string } } | Record<string, { message?: string }> | undefined;
    if (!h) return undefined;
    if (typeof (h as { message?: string }).message === 'string') return (h as { message: string }).message;
    return Object.values(h as Record<string, { message?: string }>).find((e) => e?.message)?.message;
  })();

  const { submit, failure } = useFormMutation(form, {
    mutationFn: createSalon,
    onSuccess: onCreated,
    fieldOf: (f) => ((FIELDS as readonly string[]).includes(f) ? (f as (typeof FIELDS)[number]) : null),
  });

  return (
    <main className={css({ maxW: '640px', mx: 'auto', p: { base: '4', md: '8' } })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: '700', mb: '2' })}>Set up your salon</h1>
      <p className={css({ mb: '6' })}>
        Welcome{me?.name ? `, ${me.name}` : ''}. Tell us about your salon and your booking page goes live. You can change all of it later.
      </p>
      <form onSubmit={submit} noValidate>
        <section className={section} aria-labelledby="setup-salon">
          <h2 id="setup-salon" className={heading}>
            Your salon
          </h2>
          <Field label="Salon name" error={errors.name?.message}>
            {(a) => <input {...a} {...form.register('name')} autoComplete="organization" className={fieldInput} />}
          </Field>
          <Field label="Country" hint="Sets the currency your prices are in" error={errors.country?.message}>
            {(a) => (
              <select {...a} {...form.register('country')} className={selectInput}>
                {COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.currency})
                  </option>
                ))}
              </select>
            )}
          </Field>
          {country.timezones.length > 1 && (
            <Field label="Time zone" error={errors.timezone?.message}>
              {(a) => (
                <select {...a} {...form.register('timezone')} className={selectInput}>
                  <option value="">Choose the salon’s time zone</option>
                  {country.timezones.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </section>

        <section className={section} aria-labelledby="setup-address">
          <h2 id="setup-address" className={heading}>
            Address and phone
          </h2>
          <Field label="Address line 1" error={errors.address_line_1?.message}>
            {(a) => <input {...a} {...form.register('address_line_1')} autoComplete="address-line1" className={fieldInput} />}
          </Field>
          <Field label="Address line 2 (optional)" error={errors.address_line_2?.message}>
            {(a) => <input {...a} {...form.register('address_line_2')} autoComplete="address-line2" className={fieldInput} />}
          </Field>
          <Field label="Town or city" error={errors.city?.message}>
            {(a) => <input {...a} {...form.register('city')} autoComplete="address-level2" className={fieldInput} />}
          </Field>
          <Field label={country.postcodeName[0]!.toUpperCase() + country.postcodeName.slice(1)} error={errors.postcode?.message}>
            {(a) => <input {...a} {...form.register('postcode')} autoComplete="postal-code" className={fieldInput} />}
          </Field>
          <Field label="Salon phone number" error={errors.phone?.message}>
            {(a) => <input {...a} {...form.register('phone')} type="tel" autoComplete="tel" className={fieldInput} />}
          </Field>
        </section>

        <fieldset className={section}>
          <legend className={heading}>Opening hours</legend>
          <p className={css({ mb: '3', color: 'textMuted' })}>You work these hours too, as the salon’s first stylist.</p>
          {WEEK_ROWS.map((d, i) => (
            <div key={d.weekday} className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mb: '2' })}>
              <label className={css({ display: 'flex', alignItems: 'center', gap: '2', minW: '9rem', fontWeight: '600' })}>
                <input type="checkbox" {...form.register(`days.${i}.open`)} className={checkbox} />
                {d.name}
              </label>
              {days[i]?.open ? (
                <>
                  <input type="time" aria-label={`${d.name} opens`} {...form.register(`days.${i}.from`)} className={selectInput} />
                  <span aria-hidden="true">to</span>
                  <input type="time" aria-label={`${d.name} closes`} {...form.register(`days.${i}.to`)} className={selectInput} />
                </>
              ) : (
                <span className={css({ color: 'textMuted' })}>Closed</span>
              )}
            </div>
          ))}
          {hoursError && <FormAlert>{hoursError}</FormAlert>}
        </fieldset>

        <fieldset className={section}>
          <legend className={heading}>Starter menu</legend>
          <p className={css({ mb: '3', color: 'textMuted' })}>A handful of real services with typical times and prices, all editable.</p>
          <div className={css({ border: '1px solid', borderColor: 'border', rounded: 'md', overflow: 'hidden' })}>
            {MENU_CHOICES.map((m) => (
              <label key={m.value} className={radioRow}>
                <input type="radio" value={m.value} {...form.register('starter_menu')} />
                <span>
                  <span className={css({ display: 'block', fontWeight: '600' })}>{m.label}</span>
                  <span className={css({ color: 'textMuted', fontSize: 'sm' })}>{m.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.starter_menu?.message && <FormAlert>{errors.starter_menu.message}</FormAlert>}
        </fieldset>

        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Setting up your salon…' : 'Set up my salon'}
        </button>
      </form>
    </main>
  );
}
