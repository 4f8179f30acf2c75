import { describe, it, expect } from 'vitest';
import { IMAGE_MAX_BYTES } from '../constants.ts';
import { checkImageFile, sniffImageType } from './image.ts';

const MB = 1024 * 1024;

/** The first bytes of real files. */
const PNG_HEADER = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
  0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);
const JPEG_JFIF = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const JPEG_EXIF = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x18, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00]);
const JPEG_RAW = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43]);
const GIF89A = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00]);
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 0x24, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50]);
const BMP = Uint8Array.from([0x42, 0x4d, 0x3a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');

describe('sniffImageType', () => {
  it('recognizes a PNG by its 8-byte signature', () => {
    expect(sniffImageType(PNG_HEADER)).toBe('image/png');
    expect(sniffImageType(PNG_HEADER.slice(0, 8))).toBe('image/png');
  });

  it('recognizes JPEG (JFIF, Exif and raw quantization-table starts)', () => {
    expect(sniffImageType(JPEG_JFIF)).toBe('image/jpeg');
    expect(sniffImageType(JPEG_EXIF)).toBe('image/jpeg');
    expect(sniffImageType(JPEG_RAW)).toBe('image/jpeg');
    expect(sniffImageType(JPEG_JFIF.slice(0, 3))).toBe('image/jpeg');
  });

  it('accepts a Node Buffer (a Uint8Array)', () => {
    expect(sniffImageType(Buffer.from(PNG_HEADER))).toBe('image/png');
    expect(sniffImageType(Buffer.from(JPEG_JFIF))).toBe('image/jpeg');
  });

  it('refuses a GIF, whatever its name says', () => {
    expect(sniffImageType(GIF89A)).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('GIF87a'))).toBeNull();
  });

  it('refuses a text file renamed to .png or .jpg', () => {
    expect(sniffImageType(new TextEncoder().encode('hello, this is not an image'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('PNG image'))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('refuses WebP, BMP and PDF', () => {
    expect(sniffImageType(WEBP)).toBeNull();
    expect(sniffImageType(BMP)).toBeNull();
    expect(sniffImageType(PDF)).toBeNull();
  });

  it('refuses empty and truncated headers', () => {
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
    expect(sniffImageType(PNG_HEADER.slice(0, 7))).toBeNull();
    expect(sniffImageType(JPEG_JFIF.slice(0, 2))).toBeNull();
  });

  it('refuses a PNG signature with any one byte changed', () => {
    for (let i = 0; i < 8; i++) {
      const bytes = PNG_HEADER.slice();
      bytes[i] = bytes[i]! ^ 0x01;
      expect(sniffImageType(bytes), `byte ${i}`).toBeNull();
    }
  });

  it('refuses a JPEG start with any one byte changed', () => {
    for (let i = 0; i < 3; i++) {
      const bytes = JPEG_JFIF.slice();
      bytes[i] = bytes[i]! ^ 0x01;
      expect(sniffImageType(bytes), `byte ${i}`).toBeNull();
    }
  });

  it('needs the signature at the start', () => {
    const shifted = new Uint8Array(PNG_HEADER.length + 1);
    shifted.set(PNG_HEADER, 1);
    expect(sniffImageType(shifted)).toBeNull();
  });
});

describe('checkImageFile', () => {
  it('uses a 5 MB limit', () => {
    expect(IMAGE_MAX_BYTES).toBe(5 * MB);
  });

  it('refuses exactly 5 MB (the file must be under the limit)', () => {
    expect(checkImageFile({ type: 'image/png', size: 5 * MB })).toBe('validation.imageSize');
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * MB })).toBe('validation.imageSize');
  });

  it('accepts just under 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 5 * MB - 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: 5 * MB - 1 })).toBeNull();
  });

  it('refuses more than 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 5 * MB + 1 })).toBe('validation.imageSize');
    expect(checkImageFile({ type: 'image/jpeg', size: 50 * MB })).toBe('validation.imageSize');
  });

  it('accepts a small JPG or PNG', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: 200 * 1024 })).toBeNull();
  });

  it.each(['image/gif', 'image/webp', 'image/svg+xml', 'image/bmp', 'text/plain', 'application/pdf', 'image/jpg', ''])(
    'refuses the type %j',
    (type) => {
      expect(checkImageFile({ type, size: 1024 })).toBe('validation.imageType');
    },
  );

  it('reports the wrong type before the size', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 * MB })).toBe('validation.imageType');
  });
});
