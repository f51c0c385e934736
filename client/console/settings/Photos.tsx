import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type DragEvent } from 'react';
import type { Area } from 'react-easy-crop';
import { css } from '../../../styled-system/css';
import type { ConsolePhoto, ConsolePhotos } from '../../../shared/console/photos';
import { IMAGE_LIMITS, IMAGE_TYPES, imageFileProblem, type ImageSlot } from '../../../shared/images';
import { CallFailed, Loading } from '../../components/CallFailed';
import { linkButton, outlineButton, primaryButton } from '../../components/styles';
import { Field } from '../../components/Field';
import { ConsolePhotosError, photosQuery, changePhoto } from './photos-api';

const ACCEPT = Object.keys(IMAGE_TYPES).join(',');
const fileInput = css({
  display: 'block',
  maxW: 'full',
  fontSize: 'sm',
  '&::file-selector-button': {
    minH: '11',
    px: '4',
    mr: '3',
    rounded: 'md',
    border: '1px solid {colors.text}',
    bg: 'bg',
    color: 'text',
    font: 'inherit',
    fontWeight: '600',
    cursor: 'pointer',
  },
  '&[aria-invalid=true]::file-selector-button': { border: '1px solid {colors.danger}' },
});
const mb = (slot: ImageSlot) => IMAGE_LIMITS[slot] / (1024 * 1024);
// the logo's square crop (react-easy-crop) loads once a logo is chosen, never with the section
const LogoCrop = lazy(() => import('./LogoCrop').then((m) => ({ default: m.LogoCrop })));

/**
 * Photos: the logo, the cover and each stylist's photo. Each is uploaded on its own, at once (not
 * with Save): a chosen file is checked with the upload's own rules (shared/images.ts) and shown
 * before it is sent; the next page load of a client shows it.
 */
export function Photos({ salonId }: { salonId: number }) {
  const q = useQuery(photosQuery(salonId));
  if (q.isPending) return <Loading what="your photos" />;
  if (q.isError) return <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />;
  const p = q.data;
  return (
    <>
      <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '4' })}>
        PNG, JPEG or WebP, dropped on a photo’s box or chosen. Each photo is saved as soon as you upload it.
      </p>
      <PhotoPlace salonId={salonId} path="logo" slot="logo" what="logo" label="Logo" current={p.logo} />
      <PhotoPlace salonId={salonId} path="cover" slot="cover" what="cover" label="Cover" current={p.cover} wide />
      {p.stylists.length > 0 && <h3 className={css({ fontWeight: '600', mt: '2', mb: '1' })}>Stylists’ photos</h3>}
      {p.stylists.map((s) => (
        <PhotoPlace
          key={s.id}
          salonId={salonId}
          path={`stylists/${s.id}`}
          slot="photo"
          what={`photo of ${s.name}`}
          label={`Photo of ${s.name}`}
          current={s.photo}
        />
      ))}
    </>
  );
}

/** The logo alone: the guided set-up's "Make it yours" (client/console/setup/MakeItYours.tsx). */
export function LogoPhoto({ salonId }: { salonId: number }) {
  const q = useQuery(photosQuery(salonId));
  if (q.isPending) return <Loading what="your logo" />;
  if (q.isError) return <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />;
  return <PhotoPlace salonId={salonId} path="logo" slot="logo" what="logo" label="Logo" current={q.data.logo} />;
}

interface PlaceProps {
  salonId: number;
  /** under /photos/ */
  path: string;
  slot: ImageSlot;
  /** the words for it in a sentence: 'logo', 'photo of Amelia Hart' */
  what: string;
  label: string;
  current: ConsolePhoto | null;
  wide?: boolean;
}

function PhotoPlace({ salonId, path, slot, what, label, current, wide }: PlaceProps) {
  const queries = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const [over, setOver] = useState(false);
  const [area, setArea] = useState<Area | null>(null);
  const square = slot === 'logo';

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    setDone(null);
    setArea(null);
    const problem = chosen ? imageFileProblem(slot, chosen) : null;
    setError(problem);
    setFile(chosen && !problem ? chosen : null);
  };
  const clear = () => {
    setFile(null);
    setInputKey((k) => k + 1);
  };
  /** A file dropped on the place is chosen as if picked (its rules checked the same way). */
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!busy) choose(e.dataTransfer.files[0]);
  };
  const send = async (chosen: File | null) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      // the logo as cropped: the same upload rules again (a re-encoded square may differ in size)
      let next = chosen;
      if (chosen && square && area) {
        try {
          next = await (await import('./LogoCrop')).croppedLogo(chosen, area);
        } catch {
          return setError('This browser could not crop the image: choose another.');
        }
      }
      const problem = next ? imageFileProblem(slot, next) : null;
      if (problem) return setError(problem);
      const now = await changePhoto(salonId, path, current, next);
      queries.setQueryData<ConsolePhotos>(photosQuery(salonId).queryKey, now);
      void queries.invalidateQueries({ queryKey: ['console', salonId, 'history'] });
      clear();
      setDone(next ? `Uploaded: clients see the new ${what} the next time they open your booking page.` : `Removed the ${what}.`);
    } catch (e) {
      if (!(e instanceof ConsolePhotosError)) throw e;
      if (e.current) queries.setQueryData<ConsolePhotos>(photosQuery(salonId).queryKey, e.current);
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  const box = css({ m: '0', display: 'grid', gap: '1', justifyItems: 'start', fontSize: 'sm', color: 'textMuted' });
  const image = css({
    maxW: wide ? { base: 'full', md: '320px' } : '120px',
    maxH: wide ? '180px' : '120px',
    objectFit: 'contain',
    bg: 'surfaceMuted',
    border: '1px solid {colors.border}',
    rounded: 'md',
  });
  return (
    <div
      role="group"
      aria-label={label}
      className={css({ borderTop: '1px solid {colors.surfaceMuted}', pt: '3', mb: '4' })}
      data-photo={path}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', mb: '2' })}>
        <figure className={box}>
          <figcaption>Now</figcaption>
          {current ? (
            <img src={current.url} alt={`Your current ${what}`} width={current.width} height={current.height} className={image} />
          ) : (
            <span className={css({ color: 'text' })}>No {what} yet</span>
          )}
        </figure>
        {preview && (
          <figure className={`${box} ${css({ flex: square ? '1' : undefined, minW: square ? '240px' : undefined })}`}>
            <figcaption>New, not uploaded yet</figcaption>
            {square ? (
              <Suspense fallback={<img src={preview} alt={`Preview of the new ${what}`} className={image} />}>
                <LogoCrop src={preview} onArea={setArea} />
              </Suspense>
            ) : (
              <img src={preview} alt={`Preview of the new ${what}`} className={image} />
            )}
          </figure>
        )}
      </div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-drop-zone={path}
        className={css({
          border: '2px dashed {colors.border}',
          rounded: 'lg',
          p: '3',
          mb: '3',
          '&[data-over=true]': { borderColor: 'primary', bg: 'surfaceMuted' },
        })}
        data-over={over}
      >
        <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>Drop an image here, or choose a file.</p>
        <Field
          key={inputKey}
          label={current ? `Choose a new ${label.toLowerCase()}` : `Choose a ${label.toLowerCase()}`}
          hint={`PNG, JPEG or WebP, up to ${mb(slot)} MB.`}
          error={error ?? undefined}
        >
          {(a) => (
            <input {...a} type="file" accept={ACCEPT} disabled={busy} onChange={(e) => choose(e.target.files?.[0])} className={fileInput} />
          )}
        </Field>
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        {file && (
          <>
            <button type="button" className={primaryButton} disabled={busy} onClick={() => void send(file)}>
              {busy ? 'Uploading…' : `Upload ${what}`}
            </button>
            <button type="button" className={outlineButton} disabled={busy} onClick={clear}>
              Cancel
            </button>
          </>
        )}
        {current && !file && (
          <button
            type="button"
            className={linkButton}
            disabled={busy}
            onClick={() => {
              if (window.confirm(`Remove the ${what}? Clients stop seeing it on their next visit.`)) void send(null);
            }}
          >
            Remove {what}
          </button>
        )}
      </div>
      <div aria-live="polite">{done && <p role="status">{done}</p>}</div>
    </div>
  );
}
