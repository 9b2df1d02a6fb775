import { Slot } from 'radix-ui';
import { useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { whenIdle } from '@app/lib/idle';
import type { DreamDialogProps } from './dream-dialog';

type DreamDialogComponent = ComponentType<DreamDialogProps>;

let loaded: DreamDialogComponent | null = null;
let loading: Promise<DreamDialogComponent> | null = null;

/** The dialog's code (its form, schema, react-hook-form and zod), fetched once and shared by every button. */
function loadDreamDialog(): Promise<DreamDialogComponent> {
  loading ??= import('./dream-dialog').then(
    (m) => (loaded = m.DreamDialog),
    (err: unknown) => {
      loading = null; // the next request tries again
      throw err;
    },
  );
  return loading;
}

/**
 * The dream dialog, loaded after the page has painted and gone idle (or at once when it is asked to open
 * first), so the pages that offer it do not wait for its code. Until then `trigger` is a plain button
 * that opens it; when the code arrives the dialog's own trigger takes its place, keeping the focus.
 */
export function LazyDreamDialog({ trigger, ...props }: DreamDialogProps & { trigger: ReactElement }) {
  const [Dialog, setDialog] = useState<DreamDialogComponent | null>(() => loaded);
  const plainRef = useRef<HTMLButtonElement>(null);
  const dialogTriggerRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const { open } = props;

  useEffect(() => {
    if (Dialog) return;
    let live = true;
    const load = () =>
      void loadDreamDialog().then(
        (component) => {
          if (!live) return;
          // Opening moves the focus into the dialog; a closed one hands it to its own trigger.
          refocus.current = !open && plainRef.current !== null && document.activeElement === plainRef.current;
          setDialog(() => component);
        },
        () => undefined,
      );
    if (open) {
      load();
      return () => {
        live = false;
      };
    }
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, [Dialog, open]);

  useEffect(() => {
    if (Dialog && refocus.current) {
      refocus.current = false;
      dialogTriggerRef.current?.focus();
    }
  }, [Dialog]);

  if (Dialog) return <Dialog {...props} trigger={<Slot.Root ref={dialogTriggerRef}>{trigger}</Slot.Root>} />;
  return (
    <Slot.Root ref={plainRef} aria-haspopup="dialog" aria-expanded={false} onClick={() => props.onOpenChange(true)}>
      {trigger}
    </Slot.Root>
  );
}
