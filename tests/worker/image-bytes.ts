/** The smallest PNG, JPEG and WebP files the Worker takes: just enough of each format for its type and size to be read from the bytes. */
const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u24le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const padded = (head: number[], length = 64) => new Uint8Array([...head, ...new Array(Math.max(0, length - head.length)).fill(7)]);
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: number[]) => (bytes.reduce((c, b) => CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
const chunk = (type: string, data: number[]) => [
  ...u32be(data.length),
  ...ascii(type),
  ...data,
  ...u32be(crc32([...ascii(type), ...data])),
];
/** A PNG whose chunks are whole (IHDR, IDAT of filler, IEND, each with its CRC), `length` bytes long (64 by default). */
export const png = (w: number, h: number, length = 64) => {
  const ihdr = chunk('IHDR', [...u32be(w), ...u32be(h), 8, 6, 0, 0, 0]);
  const data = new Array<number>(Math.max(1, length - 8 - ihdr.length - 12 - 12)).fill(7);
  return new Uint8Array([0x89, ...ascii('PNG\r\n\x1a\n'), ...ihdr, ...chunk('IDAT', data), ...chunk('IEND', [])]);
};
export const jpeg = (w: number, h: number) =>
  padded([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...ascii('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0,
    17,
    8,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
  ]);
export const webp = (w: number, h: number) =>
  padded([...ascii('RIFF'), 56, 0, 0, 0, ...ascii('WEBPVP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...u24le(w - 1), ...u24le(h - 1)]);
