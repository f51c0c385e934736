import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { NavLink, Navigate, Route, Routes, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import {
  SETTINGS_SECTIONS,
  sectionSchema,
  settingsIn,
  type ConsoleSettings,
  type SettingName,
  type SettingsSection,
  type StaleSettings,
  type VersionedSettings,
} from '../../../shared/console/settings';
import { CallFailed, Loading } from '../../components/CallFailed';
import { primaryButton } from '../../components/styles';
import { screenTitle } from '../ui/looks';
import { useCurrentSalon } from '../lib/current-salon';
import { FormAlert } from '../ui/Field';
import { ConsoleCallError } from '../lib/api';
import { putServerErrors } from '../lib/form-mutation';
import { saveSettings, settingsQuery } from './api';
import { Photos, SECTION_SCREENS, type SectionProps } from './Sections';
import { StaleNotice } from './StaleNotice';

const FIRST = SETTINGS_SECTIONS[0].path;
/** Whether the section shown has changes not saved: leaving it by its list asks first. */
const Unsaved = createContext<RefObject<boolean>>({ current: false });
const LEAVE = 'Leave this section? Your changes here are not saved.';
const isSection = (s: string | undefined): s is SettingsSection => SETTINGS_SECTIONS.some((x) => x.path === s);

/**
 * Booking page: the settings of the shared schema in sections, each at its own address
 * (/booking-page/{section}) and saved on its own (docs/console/booking-page.md); the old address,
 * /booking-page, leads to the first.
 */
export function BookingPageSettings() {
  const salon = useCurrentSalon();
  const unsaved = useRef(false);
  return (
    <Unsaved.Provider value={unsaved}>
      <h1 id="booking-page-title" className={screenTitle}>
        Booking page
      </h1>
      <p className={css({ mb: '4', color: 'textMuted' })}>How {salon.name} looks and works for clients who book online.</p>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: '200px minmax(0, 1fr)' },
          gap: '4',
          alignItems: 'start',
        })}
      >
        <SectionList />
        <Routes>
          <Route path=":section" element={<SectionScreen />} />
          <Route path="*" element={<Navigate to={FIRST} replace />} />
        </Routes>
      </div>
    </Unsaved.Provider>
  );
}

/** The sections, as links: wrapped on a phone (never cut off), a column beside the section from 1024 px. */
function SectionList() {
  const salon = useCurrentSalon();
  const unsaved = useContext(Unsaved);
  return (
    <nav aria-label="Booking page sections">
      <ul
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          flexDirection: { base: 'row', lg: 'column' },
          gap: '1',
          listStyle: 'none',
          m: '0',
          p: '0',
          position: { lg: 'sticky' },
          top: { lg: '4' },
        })}
      >
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.path}>
            <NavLink
              to={`/salons/${salon.id}/booking-page/${s.path}`}
              onClick={(e) => {
                if (unsaved.current && !window.confirm(LEAVE)) e.preventDefault();
              }}
              className={css({
                display: 'block',
                px: '3',
                py: '2',
                rounded: 'md',
                border: '1px solid {colors.surfaceMuted}',
                lg: { border: 'none' },
                bg: 'bg',
                color: 'text',
                fontSize: 'sm',
                textDecoration: 'none',
                _hover: { bg: 'surfaceMuted' },
                '&[aria-current=page]': { bg: 'surfaceMuted', fontWeight: '700', borderColor: 'text' },
              })}
            >
              {s.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SectionScreen() {
  const { section } = useParams();
  const salon = useCurrentSalon();
  const q = useQuery(settingsQuery(salon.id));
  if (!isSection(section)) return <Navigate to={`../${FIRST}`} replace relative="path" />;
  if (q.isPending) return <Loading what="your booking page’s settings" />;
  if (q.isError) return <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />;
  // Photos are uploads of their own, each at once: no form, no Save
  if (section === 'photos') return <Photos salonId={salon.id} />;
  // a form of its own per salon and section: switching never mixes their settings
  return <SectionForm key={`${salon.id}/${section}`} section={section} salonId={salon.id} loaded={q.data} />;
}

const changedIn = (names: SettingName[], before: ConsoleSettings, after: ConsoleSettings) =>
  names.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
const partOf = (settings: ConsoleSettings, names: SettingName[]) =>
  Object.fromEntries(names.map((k) => [k, settings[k]])) as ConsoleSettings;

/**
 * One section's form: its part of the settings, checked with the shared schema's rules for them;
 * Save sends only the changed ones with If-Match of the version loaded, and a 412 shows what someone
 * else changed and loads the latest.
 */
function SectionForm({
  section,
  salonId,
  loaded,
}: {
  section: Exclude<SettingsSection, 'photos'>;
  salonId: number;
  loaded: VersionedSettings;
}) {
  const queries = useQueryClient();
  const names = useMemo(() => settingsIn(section), [section]);
  const [base, setBase] = useState(loaded);
  const [stale, setStale] = useState<StaleSettings | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // the form holds this section's settings only; its controls are typed over the whole settings
  const form = useForm<ConsoleSettings>({
    resolver: zodResolver(sectionSchema(section)) as unknown as Resolver<ConsoleSettings>,
    defaultValues: partOf(loaded.settings, names),
  });

  // changes not saved: the section list asks before leaving, and so does the browser
  const dirty = form.formState.isDirty;
  const unsaved = useContext(Unsaved);
  useEffect(() => {
    unsaved.current = dirty;
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => {
      unsaved.current = false;
      window.removeEventListener('beforeunload', ask);
    };
  }, [dirty, unsaved]);

  const adopt = (v: VersionedSettings) => {
    setBase(v);
    queries.setQueryData(settingsQuery(salonId).queryKey, v);
    void queries.invalidateQueries({ queryKey: ['console', salonId, 'history'] });
  };

  const submit = form.handleSubmit(
    async (values) => {
      setOutcome(null);
      const changed = changedIn(names, base.settings, values);
      if (changed.length === 0) return setOutcome({ ok: true, text: 'Nothing to save: no setting has changed.' });
      try {
        const saved = await saveSettings(salonId, base.version, Object.fromEntries(changed.map((k) => [k, values[k]])));
        adopt(saved);
        form.reset(partOf(saved.settings, names));
        setStale(null);
        setOutcome({ ok: true, text: 'Saved. Clients see the change the next time they open your booking page.' });
      } catch (e) {
        if (!(e instanceof ConsoleCallError)) throw e;
        if (e.status === 412) return setStale(e.body as StaleSettings);
        // the settings the server names take their messages (lib/form-mutation.ts); any other is the notice
        setOutcome({ ok: false, text: putServerErrors(form, e) ?? 'Please check the settings marked below.' });
      }
    },
    () => setOutcome({ ok: false, text: 'Please check the settings marked below.' }),
  );

  const loadLatest = () => {
    if (!stale) return;
    adopt(stale.current);
    form.reset(partOf(stale.current.settings, names));
    setStale(null);
    setOutcome({ ok: true, text: 'The latest settings are loaded. Make your changes again and save.' });
  };

  const props: SectionProps = { form, salonId, paymentsReady: base.can_take_payments !== false };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="booking-page-title" className={css({ minW: '0' })}>
      {SECTION_SCREENS[section](props)}
      <div
        className={css({
          position: 'sticky',
          bottom: 'var(--console-bar, 0px)',
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
        {dirty && !outcome && <span className={css({ color: 'textMuted', fontSize: 'sm' })}>You have unsaved changes.</span>}
        <div aria-live="polite" className={css({ flex: '1', minW: '200px' })}>
          {outcome && (outcome.ok ? <p role="status">{outcome.text}</p> : <FormAlert>{outcome.text}</FormAlert>)}
        </div>
      </div>
      {stale && <StaleNotice stale={stale} mine={changedIn(names, base.settings, form.getValues())} onLoadLatest={loadLatest} />}
    </form>
  );
}
