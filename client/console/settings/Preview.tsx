import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { photoTagOf } from '../../../shared/console/photos';
import { PREVIEW_BRAND_PARAM, PREVIEW_THEME_PARAM, type ThemeMode } from '../../../shared/constants';
import { photosQuery } from './photos-api';

const SIZES = [
  { name: 'phone', label: 'Phone', width: 390, height: 760 },
  { name: 'desktop', label: 'Desktop', width: 1280, height: 800 },
] as const;

/** The brand colour once it has stayed the same a moment (a colour picker dragged reloads the preview once); undefined keeps the last. */
function useSettledColour(brand: string | null | undefined, ms = 400): string | null {
  const [settled, setSettled] = useState(brand ?? null);
  useEffect(() => {
    if (brand === undefined) return;
    const t = setTimeout(() => setSettled(brand), ms);
    return () => clearTimeout(t);
  }, [brand, ms]);
  return settled;
}

/**
 * The salon's real booking page, as clients would see it in `theme` and `brand` colour (null: the
 * theme's own; undefined: a colour still being typed, the last whole one stays), at phone and desktop width:
 * the edge answers the preview parameter for that response only, so nothing is saved or shown to
 * clients until the owner saves. The page knows it is a preview (no cookie banner, no cookies of
 * a client's) and is inert here: a picture of the page, not a second place to book. It loads
 * again when a photo changes.
 */
export function Preview({ salonId, theme, brand }: { salonId: number; theme: ThemeMode; brand?: string | null }) {
  const colour = useSettledColour(brand);
  const look = `${PREVIEW_THEME_PARAM}=${theme}&${PREVIEW_BRAND_PARAM}=${encodeURIComponent(colour ?? '')}`;
  const photos = useQuery({
    ...photosQuery(salonId),
    select: (p) => [p.logo, p.cover, ...p.stylists.map((s) => s.photo)].map(photoTagOf).join(),
  }).data;
  return (
    <div
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 5fr)' },
        gap: '4',
        alignItems: 'start',
      })}
    >
      {SIZES.map((s) => (
        <Frame key={`${s.name}:${photos ?? ''}`} salonId={salonId} look={look} size={s} />
      ))}
    </div>
  );
}

function Frame({ salonId, look, size }: { salonId: number; look: string; size: (typeof SIZES)[number] }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.3);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / size.width));
    fit();
    const watch = new ResizeObserver(fit);
    watch.observe(el);
    return () => watch.disconnect();
  }, [size.width]);
  return (
    // minW 0: the frame inside is 1280 px wide until scaled; it must never widen the grid
    <figure className={css({ m: '0', minW: '0' })}>
      <figcaption className={css({ fontSize: 'sm', color: 'textMuted', mb: '1' })}>
        {size.label} ({size.width} px wide)
      </figcaption>
      <div
        ref={box}
        className={css({
          w: 'full',
          maxW: size.name === 'phone' ? '260px' : 'none',
          overflow: 'hidden',
          border: '1px solid {colors.border}',
          rounded: 'md',
        })}
        style={{ height: size.height * scale }}
        // inert: nothing in the preview takes a click, a tap or the keyboard's focus
        inert
      >
        <iframe
          title={`Preview of your booking page at ${size.label.toLowerCase()} width`}
          src={`/salon/${salonId}?${look}`}
          data-preview={size.name}
          width={size.width}
          height={size.height}
          style={{ transform: `scale(${scale})`, transformOrigin: '0 0', border: 0, display: 'block' }}
        />
      </div>
    </figure>
  );
}
