import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { css } from '../../../styled-system/css';

/** The largest side of a cropped logo: a booking page shows it at most 128 px wide (twice that for sharp screens, and more to spare). */
const LOGO_SIDE = 1024;

/**
 * A square crop of the chosen logo (docs/console/booking-page.md "Photos"): drag or the arrow keys
 * move the image, the slider or the wheel zooms; what is inside the square is what is uploaded.
 */
export function LogoCrop({ src, onArea }: { src: string; onArea: (area: Area) => void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const help = useId();
  const zoomId = useId();
  return (
    <div className={css({ display: 'grid', gap: '2', w: 'full', maxW: '320px' })}>
      <p id={help} className={css({ fontSize: 'sm', color: 'textMuted' })}>
        Square crop: drag the logo (or focus it and use the arrow keys) and zoom until the square holds what clients should see.
      </p>
      <div className={css({ position: 'relative', w: 'full', aspectRatio: '1', bg: 'surfaceMuted', rounded: 'md', overflow: 'hidden' })}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          minZoom={1}
          maxZoom={4}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => onArea(pixels)}
          cropperProps={{ 'aria-label': 'The logo’s square', 'aria-describedby': help }}
          mediaProps={{ alt: 'Preview of the new logo' } as React.ImgHTMLAttributes<HTMLElement>}
        />
      </div>
      <label htmlFor={zoomId} className={css({ fontSize: 'sm', fontWeight: '600' })}>
        Zoom
      </label>
      <input
        id={zoomId}
        type="range"
        min={1}
        max={4}
        step={0.05}
        value={zoom}
        onChange={(e) => setZoom(Number(e.target.value))}
        className={css({ w: 'full', accentColor: 'primary' })}
      />
    </div>
  );
}

/**
 * The square of `file` within `area` (its pixels), as a file of the same type, at most LOGO_SIDE a
 * side; a square logo left whole (and no larger than that) is the file itself, not encoded again.
 */
export async function croppedLogo(file: File, area: Area): Promise<File> {
  const image = await createImageBitmap(file);
  const whole = area.x <= 0 && area.y <= 0 && area.width >= image.width - 1 && area.height >= image.height - 1;
  if (whole && image.width === image.height && image.width <= LOGO_SIDE) {
    image.close();
    return file;
  }
  const side = Math.min(LOGO_SIDE, Math.round(area.width));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const g = canvas.getContext('2d')!;
  g.imageSmoothingQuality = 'high';
  g.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  image.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.92));
  if (!blob) throw new Error('not cropped');
  return new File([blob], file.name, { type: blob.type });
}
