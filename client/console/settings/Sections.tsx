import { lazy, Suspense, useId, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { THEME_MODES } from '../../../shared/constants';
import { fieldLabel } from '../../components/form-styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { MoneySetting, NumberSetting, OnOffSetting, TextSetting, messageAt, type SettingsForm } from './controls';
import { BrandColourSetting, wholeColour } from './BrandColour';
import { DepositSetting } from './DepositSetting';
import { OpeningHours } from './OpeningHours';
import { Photos as PhotoPlaces } from './Photos';
import { Preview } from './Preview';
import { ReminderSettings } from './ReminderSettings';
import { VoucherSettings } from './VoucherSettings';
import { PaymentsNeeded } from './PaymentsNeeded';
import { CARD_SETTINGS_NEED_PAYMENTS } from '../../../shared/console/payments';
import type { SettingsSection } from '../../../shared/console/settings';

// the rich text editor (TipTap) loads with the Texts section only, never with the console's first load
const RichTextSetting = lazy(() => import('./RichTextSetting').then((m) => ({ default: m.RichTextSetting })));

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={sectionBox}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const THEME_WORDS = {
  neutral: 'Neutral: warm cream and taupe, soft and light',
  dark: 'Dark: light text on a dark background',
  slick: 'Slick: crisp black and white',
} as const;

export function Appearance({ form, salonId }: { form: SettingsForm; salonId: number }) {
  const theme = form.watch('theme_mode');
  const brand = form.watch('brand_colour');
  const error = messageAt(form.formState.errors, 'theme_mode');
  return (
    <Section title="Appearance">
      <fieldset className={css({ border: 'none', p: '0', mb: '4' })}>
        <legend className={fieldLabel}>Theme</legend>
        {THEME_MODES.map((t) => (
          <label key={t} className={css({ display: 'flex', gap: '2', alignItems: 'center', py: '1' })}>
            <input type="radio" value={t} {...form.register('theme_mode')} className={css({ w: '5', h: '5', accentColor: 'primary' })} />
            {THEME_WORDS[t]}
          </label>
        ))}
        {error && <p className={css({ color: 'danger', fontSize: 'sm' })}>{error}</p>}
      </fieldset>
      <BrandColourSetting form={form} theme={theme} />
      <h3 className={css({ fontWeight: '600', mb: '1' })}>Preview</h3>
      <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>
        Your real booking page in the theme and colour you chose. Clients keep seeing the saved ones until you save.
      </p>
      {/* a colour being typed shows once it is whole; null: the theme's own colours */}
      <Preview salonId={salonId} theme={theme} brand={brand === null ? null : (wholeColour(brand) ?? undefined)} />
    </Section>
  );
}

export function OnlineBooking({ form }: { form: SettingsForm }) {
  return (
    <Section title="Online booking">
      <OnOffSetting
        form={form}
        name="online_booking"
        label="Clients can book online"
        hint="Turn off to stop new online bookings at once."
      />
      <TextSetting
        form={form}
        name="online_booking_off_message"
        label="What clients see while online booking is off"
        hint="Leave empty for the usual message. Your phone number is shown with it."
        multiline
      />
      <NumberSetting
        form={form}
        name="max_upcoming_online_bookings"
        label="Upcoming bookings one client can make online"
        hint="From 1 to 100."
      />
      <NumberSetting
        form={form}
        name="max_anonymous_holds"
        label="Times held at once for clients not logged in"
        hint="From 0 to 100. Beyond this, clients can still book but their time is not held while they finish."
      />
    </Section>
  );
}

/** Why a card setting cannot be switched on yet, beside it (docs/payments.md §4); nothing once the salon can take payments. */
const cardHint = (paymentsReady: boolean) => (paymentsReady ? undefined : CARD_SETTINGS_NEED_PAYMENTS);

export function DepositsAndCards({ form, paymentsReady }: { form: SettingsForm; paymentsReady: boolean }) {
  return (
    <Section title="Deposits and cards">
      {!paymentsReady && <PaymentsNeeded />}
      <OnOffSetting form={form} name="needs_card" label="Clients must save a card to book online" hint={cardHint(paymentsReady)} />
      <DepositSetting form={form} hint={cardHint(paymentsReady)} />
      <OnOffSetting
        form={form}
        name="no_show_protection"
        label="Charge a fee to the client’s saved card when they do not come"
        hint={cardHint(paymentsReady)}
      />
      <MoneySetting
        form={form}
        name="no_show_fee"
        label="No-show fee"
        hint="Charged once, when the diary marks an appointment a no-show. With no fee, nothing is charged."
      />
    </Section>
  );
}

export function Cancellations({ form }: { form: SettingsForm }) {
  return (
    <Section title="Cancellations and refunds">
      <OnOffSetting form={form} name="allow_self_cancellation" label="Clients can cancel or change their booking online" />
      <NumberSetting
        form={form}
        name="cancellation_window_hours"
        label="Hours before the appointment when online cancelling stops"
        hint="From 0 to 720. After this, clients must call you."
      />
      <OnOffSetting form={form} name="refund_deposit_outside_window" label="Refund the deposit when a client cancels in time" />
    </Section>
  );
}

export function Waitlist({ form }: { form: SettingsForm }) {
  return (
    <Section title="Waitlist">
      <OnOffSetting form={form} name="has_waitlist" label="Clients can join a waitlist when no time suits them" />
      <NumberSetting
        form={form}
        name="waitlist_offer_minutes"
        label="Minutes a client has to claim a time that comes free"
        hint="From 5 to 240. When a booking is cancelled or moved, the first client on the waitlist who fits is offered the time; after this many minutes it goes to the next."
      />
    </Section>
  );
}

export function Texts({ form }: { form: SettingsForm }) {
  return (
    <Section title="Texts">
      <TextSetting
        form={form}
        name="ncob_welcome_message"
        label="Welcome message"
        hint="Shown at the top of your booking page."
        multiline
      />
      <Suspense fallback={<p role="status">Loading the editor…</p>}>
        <RichTextSetting
          form={form}
          name="salon_ncob_text"
          label="Cancellation policy"
          hint="Shown before clients confirm, as you see it here: bold, italics, underline, headings, lists and links."
        />
      </Suspense>
    </Section>
  );
}

export function Photos({ salonId }: { salonId: number }) {
  return (
    <Section title="Photos">
      <PhotoPlaces salonId={salonId} />
    </Section>
  );
}

export function AddressAndHours({ form }: { form: SettingsForm }) {
  return (
    <Section title="Address and hours">
      <TextSetting form={form} name="name" label="Salon name" />
      <TextSetting form={form} name="phone" label="Phone" type="tel" />
      <TextSetting form={form} name="email" label="Email" type="email" />
      <TextSetting form={form} name="address_line_1" label="Address line 1" />
      <TextSetting form={form} name="address_line_2" label="Address line 2" />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr' }, columnGap: '4' })}>
        <TextSetting form={form} name="city" label="Town or city" />
        <TextSetting form={form} name="postcode" label="Postcode" />
        <TextSetting form={form} name="country_code" label="Country" hint="2 letters, such as GB or US" />
      </div>
      <OpeningHours form={form} />
    </Section>
  );
}

export function GiftVouchers({ form, paymentsReady }: { form: SettingsForm; paymentsReady: boolean }) {
  return (
    <Section title="Gift vouchers">
      <VoucherSettings form={form} onSaleHint={cardHint(paymentsReady)} />
    </Section>
  );
}

export function Reminders({ form }: { form: SettingsForm }) {
  return (
    <Section title="Reminders">
      <ReminderSettings form={form} />
    </Section>
  );
}

export function Tracking({ form }: { form: SettingsForm }) {
  return (
    <Section title="Tracking">
      <TextSetting
        form={form}
        name="fb_pixel_id"
        label="Facebook pixel id"
        hint="Up to 20 digits, or empty for none. It runs only for clients who accept analytics cookies."
      />
    </Section>
  );
}

/** What each section's screen is given: the section's form, the salon, and whether its card settings can be switched on. */
export interface SectionProps {
  form: SettingsForm;
  salonId: number;
  paymentsReady: boolean;
}

/** Each section of docs/console/booking-page.md with settings, by its address (Photos has none: uploads of its own). */
export const SECTION_SCREENS: Record<Exclude<SettingsSection, 'photos'>, (p: SectionProps) => ReactNode> = {
  appearance: ({ form, salonId }) => <Appearance form={form} salonId={salonId} />,
  'online-booking': ({ form }) => <OnlineBooking form={form} />,
  deposits: ({ form, paymentsReady }) => <DepositsAndCards form={form} paymentsReady={paymentsReady} />,
  cancellations: ({ form }) => <Cancellations form={form} />,
  waitlist: ({ form }) => <Waitlist form={form} />,
  texts: ({ form }) => <Texts form={form} />,
  'address-hours': ({ form }) => <AddressAndHours form={form} />,
  vouchers: ({ form, paymentsReady }) => <GiftVouchers form={form} paymentsReady={paymentsReady} />,
  reminders: ({ form }) => <Reminders form={form} />,
  tracking: ({ form }) => <Tracking form={form} />,
};
