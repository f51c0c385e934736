import { Controller } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { WEEKDAY_NAMES } from '../../../shared/salon-identity';
import type { OpeningHoursSetting, Weekday } from '../../../shared/console/settings';
import { fieldInput } from '../../components/form-styles';
import { Field } from '../../components/Field';
import { checkbox, CheckField } from '../ui/Field';
import { messageAt, ParsedInput, type SettingsForm } from './controls';

type Openings = NonNullable<OpeningHoursSetting>[Weekday];
// Monday first, as a salon's week is written
const WEEK = [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]];
const dayText = (d: Openings) => d.map((o) => `${o.open}-${o.close}`).join(', ');
const parseDay = (text: string): Openings =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => {
      const [open = '', close = ''] = t.split(/\s*[-–]\s*/);
      return { open, close };
    });
const CLOSED = Object.fromEntries(WEEKDAY_NAMES.map((d) => [d, []])) as unknown as NonNullable<OpeningHoursSetting>;

/** Opening hours by weekday, or the stylists' working hours when the salon gives none. */
export function OpeningHours({ form }: { form: SettingsForm }) {
  const errors = form.formState.errors;
  return (
    <Controller
      control={form.control}
      name="opening_hours"
      render={({ field }) => {
        const hours = field.value;
        return (
          <>
            <CheckField label="Show opening hours of your own" hint="Otherwise your page shows hours from the stylists’ working hours.">
              {(a) => (
                <input
                  {...a}
                  type="checkbox"
                  className={checkbox}
                  checked={hours !== null}
                  onChange={(e) => field.onChange(e.target.checked ? CLOSED : null)}
                />
              )}
            </CheckField>
            {hours && (
              <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, columnGap: '4' })}>
                {WEEK.map((day) => (
                  <Field
                    key={day}
                    label={day[0]!.toUpperCase() + day.slice(1)}
                    hint={day === 'monday' ? 'Such as 09:00-17:30, or 09:00-13:00, 14:00-18:00; empty when closed' : undefined}
                    error={messageAt(errors, `opening_hours.${day}`)}
                  >
                    {(a) => (
                      <ParsedInput
                        {...a}
                        value={hours[day]}
                        onChange={(d) => field.onChange({ ...hours, [day]: d })}
                        format={dayText}
                        parse={parseDay}
                        placeholder="Closed"
                        className={fieldInput}
                      />
                    )}
                  </Field>
                ))}
              </div>
            )}
          </>
        );
      }}
    />
  );
}
