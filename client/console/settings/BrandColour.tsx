import { useRef } from 'react';
import { Controller } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { BRAND_COLOUR_FORMAT } from '../../../shared/brand-colour';
import type { ThemeMode } from '../../../shared/constants';
import { brandFit } from '../../../themes/brand';
import { palettes } from '../../../themes';
import { fieldInput } from '../../components/form-styles';
import { Field } from '../../components/Field';
import { CheckField, checkbox } from '../ui/Field';
import type { SettingsForm } from './controls';

/** The colour as typed when it is a whole `#rrggbb` (lower case), else null. */
export const wholeColour = (typed: string | null | undefined) => (typed && BRAND_COLOUR_FORMAT.test(typed) ? typed.toLowerCase() : null);

const swatch = css({
  display: 'inline-block',
  w: '4',
  h: '4',
  rounded: 'sm',
  border: '1px solid {colors.border}',
  verticalAlign: 'middle',
});

/** What the colour becomes in the chosen theme, in words: as it is, or adjusted so text stays readable. */
function BrandNotice({ theme, colour }: { theme: ThemeMode; colour: string }) {
  const fit = brandFit(theme, colour);
  return (
    <div role="status" className={css({ fontSize: 'sm', mt: '1', mb: '4' })}>
      <p className={css({ fontWeight: fit.adjusted ? '600' : '400' })}>
        {fit.message ?? `Used as it is on the ${theme} theme, for buttons and links.`}
      </p>
      <p className={css({ color: 'textMuted', display: 'flex', flexWrap: 'wrap', gap: '3', mt: '1' })}>
        <span>
          <span className={swatch} style={{ background: fit.buttons }} /> Buttons {fit.buttons}
        </span>
        <span>
          <span className={swatch} style={{ background: fit.button_text }} /> Button text {fit.button_text}
        </span>
        <span>
          <span className={swatch} style={{ background: fit.links }} /> Links {fit.links}
        </span>
      </p>
    </div>
  );
}

/**
 * Appearance → Brand colour: off (the theme's own colours) or a colour, picked or typed as
 * #rrggbb. What the chosen theme makes of it shows at once, with the preview.
 */
export function BrandColourSetting({ form, theme }: { form: SettingsForm; theme: ThemeMode }) {
  // the colour last chosen, brought back when the owner turns their colour off and on again
  const last = useRef<string | null>(null);
  return (
    <Controller
      control={form.control}
      name="brand_colour"
      render={({ field, fieldState }) => {
        const on = field.value !== null;
        const colour = wholeColour(field.value);
        if (colour) last.current = colour;
        return (
          <div className={css({ mb: '2' })}>
            <CheckField
              label="Use my brand colour for buttons and links"
              hint="Off: the theme’s own colours. A colour too light or too dark for the theme is adjusted so text stays readable."
            >
              {(a) => (
                <input
                  {...a}
                  type="checkbox"
                  className={checkbox}
                  checked={on}
                  onChange={(e) => field.onChange(e.target.checked ? (last.current ?? palettes[theme].accent) : null)}
                />
              )}
            </CheckField>
            {on && (
              <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', flexWrap: 'wrap' })}>
                <Field label="Brand colour" hint="Such as #0f6b63" error={fieldState.error?.message}>
                  {(a) => (
                    <input
                      {...a}
                      name={field.name}
                      ref={field.ref}
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(e.target.value.trim())}
                      onBlur={field.onBlur}
                      spellCheck={false}
                      autoComplete="off"
                      className={`${fieldInput} ${css({ maxW: '40', fontFamily: 'monospace' })}`}
                    />
                  )}
                </Field>
                <label className={css({ display: 'flex', gap: '2', alignItems: 'center', mb: '4', fontWeight: '600' })}>
                  <input
                    type="color"
                    value={colour ?? last.current ?? '#000000'}
                    onChange={(e) => field.onChange(e.target.value.toLowerCase())}
                    className={css({ w: '11', h: '11', p: '0', border: '1px solid {colors.border}', rounded: 'md', cursor: 'pointer' })}
                  />
                  Pick a colour
                </label>
              </div>
            )}
            {colour && <BrandNotice theme={theme} colour={colour} />}
          </div>
        );
      }}
    />
  );
}
