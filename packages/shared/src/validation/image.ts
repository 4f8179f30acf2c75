import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../constants.ts';

export type ImageType = (typeof IMAGE_TYPES)[number];

/** The image type by content (magic bytes), never by file name: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}

export type ImageProblem = 'validation.imageType' | 'validation.imageSize';

/** The check a browser can make before upload: declared type and size. */
export function checkImageFile(file: { type: string; size: number }): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'validation.imageType';
  if (file.size >= IMAGE_MAX_BYTES) return 'validation.imageSize';
  return null;
}
