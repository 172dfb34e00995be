import { loadSharp } from '../../lib/load-sharp.ts';

/**
 * The forum's mark — two speech bubbles — and every icon made from it: the browser tab's SVG
 * and ICO, the home-screen icons of the web app manifest (plain and maskable) and Apple's
 * touch icon. They are drawn here once, as SVG, and rasterised with sharp the first time one
 * is asked for (then kept), so no binary file is committed and nothing depends on the built
 * web app. The mark uses shapes only (no text), so it renders the same without any font.
 */

export const MARK_COLOUR = '#3b4fc4';

/** The mark on a 32×32 grid; `ink` fills the bubbles, `cut` draws the lines of text. */
const markShapes = (ink: string, cut: string) =>
  `<rect x="2" y="4" width="20" height="15" rx="4" fill="${ink}"/>` +
  `<path d="M7 19v5l5-5" fill="${ink}"/>` +
  `<rect x="12" y="11" width="18" height="13" rx="4" fill="${ink}" opacity="0.45"/>` +
  `<path d="M8 10h10M8 14h6" stroke="${cut}" stroke-width="2" stroke-linecap="round"/>`;

/** The browser tab's icon: the mark alone, on nothing. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${markShapes(MARK_COLOUR, '#fff')}</svg>\n`;

/**
 * At 16 px the second bubble blurs the first one's lines away: the smallest icon is the first
 * bubble alone, filling its square.
 */
const SMALL_FAVICON_SVG =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="1 2 22 22">` +
  `<rect x="2" y="4" width="20" height="15" rx="4" fill="${MARK_COLOUR}"/><path d="M7 19v5l5-5" fill="${MARK_COLOUR}"/>` +
  `<path d="M7 9.5h10M7 13.5h6" stroke="#fff" stroke-width="2" stroke-linecap="round"/></svg>`;

/**
 * The mark in white on the brand colour, on a 512 grid, scaled by `scale` around the middle
 * (the mark spans x 2–30, y 4–24 of its grid: its centre is 16, 14). `radius` rounds the
 * background: a plain icon is a rounded square; a maskable one and Apple's fill the square
 * (the platform cuts its own shape) and keep the mark inside the middle 80 % circle.
 */
function appIconSvg(scale: number, radius: number): string {
  const tx = 256 - 16 * scale;
  const ty = 256 - 14 * scale;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">` +
    `<rect width="512" height="512" rx="${radius}" fill="${MARK_COLOUR}"/>` +
    `<g transform="translate(${tx} ${ty}) scale(${scale})">${markShapes('#fff', MARK_COLOUR)}</g></svg>`
  );
}

interface IconSpec {
  svg: string;
  /** The SVG's own width in px (its viewBox), to rasterise at the target size without blur. */
  grid: number;
  size: number;
}

const ICONS = {
  'icon-192.png': { svg: appIconSvg(13, 96), grid: 512, size: 192 },
  'icon-512.png': { svg: appIconSvg(13, 96), grid: 512, size: 512 },
  // The maskable safe zone is a circle of 40 % radius: the mark's corners (about 17 grid
  // units from its centre) stay within it at scale 11 (187 px of 205).
  'maskable-512.png': { svg: appIconSvg(11, 0), grid: 512, size: 512 },
  'apple-touch-icon.png': { svg: appIconSvg(12, 0), grid: 512, size: 180 },
} satisfies Record<string, IconSpec>;

export type IconName = keyof typeof ICONS;
export const isIconName = (name: string): name is IconName => Object.hasOwn(ICONS, name);

/** The manifest's icons: where they are served and what they are. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/**
 * The image a link to a page shows in a preview (Open Graph, Twitter's card): the full-bleed
 * square, which has no transparent corners for a preview to fill with black or white.
 */
export const SHARE_IMAGE = { path: '/icons/maskable-512.png', width: 512, height: 512 } as const;

async function renderPng({ svg, grid, size }: IconSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { density: (72 * size) / grid })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An ICO file holding PNG images (every browser since 2007 reads PNG inside ICO): a 6-byte
 * header, a 16-byte directory entry per image, then the images.
 */
export function encodeIco(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 stands for 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const FAVICON_SIZES = [
  { size: 16, svg: SMALL_FAVICON_SVG, grid: 22 },
  { size: 32, svg: FAVICON_SVG, grid: 32 },
  { size: 48, svg: FAVICON_SVG, grid: 32 },
];

/** Every icon, rendered once per process on first use. */
export class Icons {
  private readonly rendered = new Map<string, Promise<Buffer>>();

  private once(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    let icon = this.rendered.get(key);
    if (!icon) {
      icon = render();
      // A failed render is tried again next time rather than kept.
      icon.catch(() => this.rendered.delete(key));
      this.rendered.set(key, icon);
    }
    return icon;
  }

  png(name: IconName): Promise<Buffer> {
    return this.once(name, () => renderPng(ICONS[name]));
  }

  ico(): Promise<Buffer> {
    return this.once('favicon.ico', async () => {
      const images = await Promise.all(FAVICON_SIZES.map(async (spec) => ({ size: spec.size, png: await renderPng(spec) })));
      return encodeIco(images);
    });
  }
}
