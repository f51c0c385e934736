// Cuts each theme's variable font to the characters the pages use (shared/theme-fonts.ts) and
// writes it to public/fonts/, from where the build serves it at /fonts/{file}.woff2.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

export async function buildFonts({ quiet = false } = {}) {
  const { THEME_FONTS, FONT_CHARACTERS } = await import('../shared/theme-fonts.ts');
  mkdirSync('public/fonts', { recursive: true });
  const sizes = {};
  for (const { file, pkg } of Object.values(THEME_FONTS)) {
    const source = readFileSync(require.resolve(`${pkg}/files/${file}-latin-wght-normal.woff2`));
    const cut = await subsetFont(source, FONT_CHARACTERS, { targetFormat: 'woff2', variationAxes: { wght: { min: 400, max: 700 } } });
    writeFileSync(`public/fonts/${file}.woff2`, cut);
    sizes[file] = [source.length, cut.length];
  }
  if (!quiet) for (const [file, [from, to]] of Object.entries(sizes)) console.log(`fonts: ${file}.woff2 ${from} → ${to} bytes`);
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildFonts({ quiet: process.argv.includes('--quiet') });
