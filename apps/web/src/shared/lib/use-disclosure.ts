import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A button that shows and hides a panel beside it (a disclosure), both inside `container`: a press
 * outside the container folds the panel, and so does Escape, which gives the focus back to
 * `toggle`. Put `onKeyDown` on the container.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    toggle.current?.focus();
  };

  return { open, setOpen, container, toggle, onKeyDown };
}
