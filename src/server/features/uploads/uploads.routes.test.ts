import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { countRows } from '../../test/rows.ts';
import { signatureFormat } from './uploads.service.ts';

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----cc-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const image = (format: 'png' | 'jpeg' | 'webp' | 'gif', width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toFormat(format)
    .toBuffer();

describe('image uploads', () => {
  let t: TestApp;
  let m: TestMember;
  const imageCount = () => countRows(t.db, 'images');

  beforeAll(async () => {
    t = await buildTestApp();
    m = await signUp(t.app);
  });
  afterAll(() => t.close());

  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('re-encodes a %s to WebP within 512×512, metadata stripped', async (format) => {
    const body = multipart('image', `photo.${format}`, `image/${format}`, await image(format));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = (res.json() as { data: { display_url: string } }).data.display_url;
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('sniffs content, not the file name: a PNG named .txt is accepted, text named .png is refused with 415', async () => {
    const disguised = multipart('image', 'notes.txt', 'text/plain', await image('png', 64, 64));
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...disguised.headers },
      payload: disguised.payload,
    });
    expect(ok.statusCode).toBe(200);

    const before = await imageCount();
    const fake = multipart('image', 'photo.png', 'image/png', Buffer.from('hello, this is not an image'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await imageCount()).toBe(before);
  });

  it('refuses an image over 32 megapixels with 413, storing nothing, and takes a 5K screenshot', async () => {
    const before = await imageCount();
    // 6300×6300 (39.7 megapixels) of one colour: a few hundred KB that decode to 160 MB.
    const bomb = multipart('image', 'big.png', 'image/png', await image('png', 6300, 6300));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...bomb.headers },
      payload: bomb.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The image is larger than 32 megapixels.', code: 'PAYLOAD_TOO_LARGE' });
    expect(await imageCount()).toBe(before);

    const screenshot = multipart('image', 'screen.png', 'image/png', await image('png', 5120, 2880));
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...screenshot.headers },
      payload: screenshot.payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(await imageCount()).toBe(before + 1);
  });

  it('refuses SVG with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const body = multipart('image', 'x.svg', 'image/svg+xml', svg);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses what is not a PNG, JPEG, WebP or GIF by its first bytes, unread: an SVG slow to read holds up no one’s upload', async () => {
    // Nested references: 7 KB that the SVG reader takes seconds to size, and would take them
    // while every other upload waits its turn behind it.
    let svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><rect id="a0" width="1" height="1"/>';
    for (let i = 1; i < 30; i += 1) svg += `<g id="a${i}">${`<use xlink:href="#a${i - 1}"/>`.repeat(10)}</g>`;
    svg += '</defs><use xlink:href="#a29"/></svg>';
    const slow = multipart('image', 'x.svg', 'image/svg+xml', Buffer.from(svg));
    const png = multipart('image', 'a.png', 'image/png', await image('png', 10, 10));
    const other = await signUp(t.app);
    const [refused, stored] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/uploads/image', headers: { ...m.headers, ...slow.headers }, payload: slow.payload }),
      t.app.inject({ method: 'POST', url: '/api/uploads/image', headers: { ...other.headers, ...png.headers }, payload: png.payload }),
    ]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ message: 'Please upload a PNG, JPEG, WebP or GIF image.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(stored.statusCode).toBe(200);
  });

  it('tells the accepted formats by their first bytes alone, before any image reader runs', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'gif'] as const) expect(signatureFormat(await image(format, 4, 4))).toBe(format);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    const refused = [
      svg,
      Buffer.from('<?xml version="1.0"?>\n<svg/>'),
      Buffer.from('<!doctype html><p>hi'),
      Buffer.from('GIF8'),
      Buffer.alloc(0),
    ];
    for (const bytes of refused) expect(signatureFormat(bytes)).toBeNull();
    // A signature names the format the reader is then held to (storeImage checks the two agree).
    expect(signatureFormat(Buffer.concat([Buffer.from('GIF89a'), svg]))).toBe('gif');
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const before = await imageCount();
    const big = multipart('image', 'big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...big.headers },
      payload: big.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await imageCount()).toBe(before);
  });

  it('answers 400 when the image field is missing and 415 for a JSON body', async () => {
    const wrongField = multipart('avatar', 'a.png', 'image/png', await image('png', 10, 10));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image',
      headers: { ...m.headers, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(res.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads/image', headers: m.headers, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers 400 for two images in one request, storing neither', async () => {
    const before = await imageCount();
    const one = multipart('image', 'a.png', 'image/png', await image('png', 10, 10));
    const boundary = '----cc-test-boundary';
    // Two parts: the first part's closing boundary becomes the second's opening one.
    const first = one.payload.subarray(0, one.payload.length - `\r\n--${boundary}--\r\n`.length);
    const payload = Buffer.concat([first, Buffer.from('\r\n'), one.payload]);
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads/image', headers: { ...m.headers, ...one.headers }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Send one image, in the "image" field.', code: 'VALIDATION_FAILED' });
    expect(await imageCount()).toBe(before);
  });

  it('answers 400 for a body that is not multipart as it says, storing nothing', async () => {
    const before = await imageCount();
    const whole = multipart('image', 'a.png', 'image/png', await image('png', 10, 10));
    for (const payload of [
      // Cut off before its closing boundary.
      whole.payload.subarray(0, whole.payload.length - 30),
      Buffer.from('no boundary anywhere in here'),
      // A part without its headers' blank line.
      Buffer.from('------cc-test-boundary\r\nContent-Disposition: form-data; name="image"'),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/uploads/image', headers: { ...m.headers, ...whole.headers }, payload });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The upload is not a valid multipart/form-data body.', code: 'VALIDATION_FAILED' });
    }
    expect(await imageCount()).toBe(before);
  });

  it('refuses a visitor with 401', async () => {
    const body = multipart('image', 'a.png', 'image/png', await image('png', 10, 10));
    const res = await t.app.inject({ method: 'POST', url: '/api/uploads/image', headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 in the error shape for an unknown image', async () => {
    const res = await t.app.inject({ url: '/api/images/00000000-0000-7000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
