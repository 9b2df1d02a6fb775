import { useSyncExternalStore } from 'react';
import { UI } from '@common/limits';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** Only one toast is visible at a time (spec §1); a new one replaces the current one. */
const TOAST_LIMIT = 1;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const l of listeners) l();
}

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: number) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removalTimers.has(id)) {
    // Closed toasts stay mounted a long while so Radix can finish its exit (spec: 1,000,000 ms).
    const timer = setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, UI.toastRemoveDelayMs);
    removalTimers.set(id, timer);
  }
}

const CARRIED_KEY = 'dream-traveler:toast-after-load';

/** Keeps a toast for the next page load (a full navigation would lose one shown now). */
export function toastAfterReload(input: ToastInput) {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify(input));
  } catch {
    // Storage disabled: the toast is lost, nothing else.
  }
}

/** Shows the toast kept by toastAfterReload, once. */
export function showCarriedToast() {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const input = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof input.title === 'string') {
      toast({
        title: input.title,
        description: typeof input.description === 'string' ? input.description : undefined,
        variant: input.variant === 'destructive' ? 'destructive' : 'default',
      });
    }
  } catch {
    // A damaged entry is dropped.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
