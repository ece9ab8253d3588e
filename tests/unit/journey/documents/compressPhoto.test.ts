// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const imageCompression = vi.hoisted(() => vi.fn());
vi.mock('browser-image-compression', () => ({ default: imageCompression }));

const { compressPhoto, PHOTO_COMPRESSION } =
  await import('../../../../src/journey/documents/compressPhoto.ts');

const file = (size: number) => new File([new Uint8Array(size)], 'camera.jpg', { type: 'image/jpeg' });

describe('compressPhoto', () => {
  afterEach(() => imageCompression.mockReset());

  it('aims at 1 MB and 2000 pixels a side, on the page (no worker from a CDN)', async () => {
    const smaller = file(800_000);
    imageCompression.mockResolvedValue(smaller);
    const photo = file(3_000_000);
    expect(await compressPhoto(photo)).toBe(smaller);
    expect(imageCompression).toHaveBeenCalledWith(photo, expect.objectContaining(PHOTO_COMPRESSION));
    expect(PHOTO_COMPRESSION).toMatchObject({ maxSizeMB: 1, maxWidthOrHeight: 2000, useWebWorker: false });
  });

  it('keeps the photo when compressing makes it no smaller, or fails', async () => {
    const photo = file(1_500_000);
    imageCompression.mockResolvedValue(file(1_600_000));
    expect(await compressPhoto(photo)).toBe(photo);
    imageCompression.mockRejectedValue(new Error('The file given is not an image'));
    expect(await compressPhoto(photo)).toBe(photo);
  });
});
