/** The pixel rectangle of a crop, as react-easy-crop reports it. */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The picture could not be read.'));
    img.src = src;
  });
}

/**
 * Draws the cropped part of an image on a canvas and returns it as a PNG (spec §5: images are
 * sent as PNG). Wider crops are scaled down to `maxWidth`, which keeps the PNG under the upload limit.
 */
export async function cropToPng(src: string, area: PixelArea, maxWidth = 1280): Promise<Blob> {
  const img = await loadImage(src);
  const scale = Math.min(1, maxWidth / area.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot crop pictures.');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped.'))),
      'image/png',
    );
  });
}
