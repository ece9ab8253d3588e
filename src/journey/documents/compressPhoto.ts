/** What a compressed photo aims at: at most 1 MB, neither side over 2000 pixels. */
export const PHOTO_COMPRESSION = {
  maxSizeMB: 1,
  maxWidthOrHeight: 2000,
  // In a worker the library loads its own copy from a CDN, which the page's
  // Content-Security-Policy (script-src 'self') rightly refuses: compress on the page.
  useWebWorker: false,
  // A phone photo's EXIF orientation is applied to the pixels; nothing else of EXIF is kept.
  preserveExif: false,
} as const;

/**
 * A JPEG or PNG photo compressed in the browser (browser-image-compression, loaded only when
 * a photo needs it): smaller and at most 2000 pixels a side, same type and name. A photo the
 * library cannot read, or cannot make smaller, is answered as it is: the size check and the
 * server decide what becomes of it.
 */
export async function compressPhoto(photo: File): Promise<File> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    const compressed = await imageCompression(photo, { ...PHOTO_COMPRESSION });
    return compressed.size < photo.size ? compressed : photo;
  } catch {
    return photo;
  }
}
