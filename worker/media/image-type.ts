import type { ImageType } from '../../shared/images';

/** The image types accepted (shared/images.ts) are recognised by the file's own bytes, never by its header alone. */
export { IMAGE_TYPES, type ImageExtension, type ImageType } from '../../shared/images';

export interface SniffedImage {
  type: ImageType;
  width: number;
  height: number;
}

const ascii = (b: Uint8Array, at: number, s: string) => [...s].every((ch, i) => b[at + i] === ch.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array, from: number, to: number) => {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/**
 * A whole PNG: every chunk fits the file and its CRC matches, IHDR comes first, image data
 * follows, and the file ends with IEND. A truncated or altered file is not an image.
 */
function wholePng(b: Uint8Array): boolean {
  let at = 8;
  let idat = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const end = at + 12 + length;
    if (end > b.length || crc32(b, at + 4, at + 8 + length) !== u32be(b, at + 8 + length)) return false;
    if (at === 8 && (!ascii(b, at + 4, 'IHDR') || length !== 13)) return false;
    if (ascii(b, at + 4, 'IDAT')) idat = true;
    if (ascii(b, at + 4, 'IEND')) return idat && end === b.length;
    at = end;
  }
  return false;
}

function png(b: Uint8Array): SniffedImage | null {
  // signature, then the IHDR chunk: length (4), 'IHDR', width (4), height (4)
  if (b.length < 24 || !ascii(b, 1, 'PNG\r\n\x1a\n') || b[0] !== 0x89 || !ascii(b, 12, 'IHDR')) return null;
  if (!wholePng(b)) return null;
  return { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
}

function jpeg(b: Uint8Array): SniffedImage | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  // Walk the segments to the first start-of-frame (SOF0..SOF15 but DHT, JPG and DAC).
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16be(b, at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type: 'image/jpeg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): SniffedImage | null {
  if (b.length < 30 || !ascii(b, 0, 'RIFF') || !ascii(b, 8, 'WEBP')) return null;
  if (ascii(b, 12, 'VP8 ')) {
    // key frame start code, then 14-bit width and height
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return null;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, 'VP8X')) return { type: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** The type and size of a PNG, JPEG or WebP from its bytes; null for anything else. */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  const found = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  return found && found.width > 0 && found.height > 0 ? found : null;
}
