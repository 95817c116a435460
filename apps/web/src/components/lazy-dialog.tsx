import { Suspense, lazy, useState, type ComponentType } from 'react';

/**
 * A dialog whose code is downloaded the first time it opens, in its own chunk, so the screens
 * that offer it do not carry it (nor what only it needs: a cropper, zod, a text field's select
 * menu). Until then nothing is rendered; afterwards it stays mounted, so it closes with its
 * transition and opens again at once.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { open?: boolean }).open === true,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((Component) => ({ default: Component })));
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(() => isOpen(props));
    if (!opened && isOpen(props)) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  }
  return LazyDialog;
}
