import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useSnackbar } from '../lib/snackbar';
import { lazyDialog } from './lazy-dialog';

const ImageCropDialog = lazyDialog(
  () => import('./image-crop-dialog').then((m) => m.ImageCropDialog),
  (props) => props.src !== null,
);

const ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

interface Props {
  /** The crop's width / height (spec §5: cover 4, avatar 4/3, fun pics 1, team picture 16/9). */
  aspect: number;
  /** The crop dialog's title, and the file input's name. */
  title: string;
  /** Sends the cropped PNG; a rejection keeps the dialog open for another try. */
  onCropped: (png: Blob) => Promise<void>;
  /** The button's face: `open` asks for a file. */
  children: (open: () => void) => ReactNode;
  'data-testid'?: string;
}

/**
 * Pick a .png/.jpg/.jpeg picture → crop it at `aspect` → hand the PNG to `onCropped` (which
 * uploads it). The one crop-and-upload picker of the app: profile pictures and team pictures.
 */
export function CropImagePicker({ aspect, title, onCropped, children, 'data-testid': testId }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type)) {
      enqueueSnackbar('Choose a .png, .jpg or .jpeg picture.', { variant: 'error' });
      return;
    }
    setSrc(URL.createObjectURL(file));
  };

  return (
    <>
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={pick} data-testid={testId} aria-label={title} />
      {children(() => input.current?.click())}
      <ImageCropDialog src={src} aspect={aspect} title={title} onCropped={onCropped} onClose={() => setSrc(null)} />
    </>
  );
}
