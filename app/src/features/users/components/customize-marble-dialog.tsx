import { useState, type ReactNode } from 'react';
import { MSG } from '@common/messages';
import type { PublicUser } from '@common/schemas/auth';
import {
  ACCENT_PATTERNS,
  ACCENT_SWATCHES,
  AVATAR_COLOURS,
  type AvatarFields,
  GLOW_SWATCHES,
  MARBLE_TYPES,
} from '@common/schemas/users';
import { MarbleAvatar } from '@app/components/marble';
import { Button } from '@app/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@app/components/ui/dialog';
import { cn } from '@app/lib/cn';
import { toast } from '@app/lib/toast-store';
import { useUpdateAvatar } from '../api';

const savedOf = (user: PublicUser): AvatarFields => ({
  avatarElement: user.avatarElement,
  avatarColor: user.avatarColor,
  avatarSymbol: user.avatarSymbol,
  hairColor: user.hairColor,
  eyeColor: user.eyeColor,
});

/** One choice of a radio group: a native radio (arrow keys move, Space picks) with a visible card. */
function Choice({
  name,
  value,
  checked,
  onChange,
  label,
  children,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className="relative block cursor-pointer">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-label={label}
        className="peer sr-only"
      />
      <span
        className={cn(
          'block h-full rounded-lg border border-night-600 p-2 text-left peer-checked:border-aurora-300 peer-checked:bg-night-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-aurora-300 hover:border-dream-400',
          className,
        )}
      >
        {children}
      </span>
    </label>
  );
}

function Group({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-100">{legend}</legend>
      <div className={className}>{children}</div>
    </fieldset>
  );
}

/** A colour picked from swatches, or any colour with the native picker. */
function ColourGroup({
  legend,
  name,
  swatches,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  swatches: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Group legend={legend} className="flex flex-wrap items-center gap-2">
      {swatches.map((hex) => (
        <Choice
          key={hex}
          name={name}
          value={hex}
          checked={value.toUpperCase() === hex.toUpperCase()}
          onChange={onChange}
          label={`${legend} ${hex}`}
          className="rounded-full p-1"
        >
          <span aria-hidden className="block h-6 w-6 rounded-full border border-white/20" style={{ background: hex }} />
        </Choice>
      ))}
      <label className="flex items-center gap-2 text-xs text-slate-300">
        <input
          type="color"
          value={value.toLowerCase()}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          aria-label={`Custom ${legend.toLowerCase()}`}
          className="h-8 w-10 cursor-pointer rounded border border-night-600 bg-transparent"
        />
        Custom
      </label>
    </Group>
  );
}

/**
 * Customize Marble: type, colour, accent pattern, accent colour and glow, with a live preview.
 * The drafts live in the dialog's content, which unmounts on close: Cancel discards them and
 * opening again starts from the saved marble.
 */
export function CustomizeMarbleDialog({
  user,
  open,
  onOpenChange,
}: {
  user: PublicUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl pb-0">
        <DialogTitle>Customize Marble</DialogTitle>
        <DialogDescription>Choose how your marble looks everywhere you appear.</DialogDescription>
        <MarbleForm saved={savedOf(user)} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function MarbleForm({ saved, onDone }: { saved: AvatarFields; onDone: () => void }) {
  const update = useUpdateAvatar();
  const [draft, setDraft] = useState<AvatarFields>(saved);
  const set = (patch: Partial<AvatarFields>) => setDraft((d) => ({ ...d, ...patch }));

  const type = MARBLE_TYPES.find((t) => t.id === draft.avatarElement);
  const colour = AVATAR_COLOURS.find((c) => c.primary.toUpperCase() === draft.avatarColor.toUpperCase());
  const pattern = ACCENT_PATTERNS.find((p) => p.id === draft.avatarSymbol);

  const onSave = () => {
    update.mutate(
      { ...draft, useDefaultAvatar: false },
      {
        onSuccess: () => {
          toast({ title: 'Avatar updated', description: 'Your marble has been saved.' });
          onDone();
        },
        onError: () => toast({ title: MSG.avatarErrorTitle, description: MSG.avatarErrorText, variant: 'destructive' }),
      },
    );
  };

  return (
    <>
      <div className="sticky top-0 z-10 mt-4 flex items-center gap-4 rounded-xl border border-night-700 bg-night-800 p-3">
        <MarbleAvatar avatar={draft} size="xl" label="Preview of your marble" />
        <p className="min-w-0 text-sm text-slate-300" aria-live="polite">
          <span className="block font-semibold text-white">
            {type?.name ?? draft.avatarElement} · {colour?.name ?? draft.avatarColor}
          </span>
          {type?.description}
          {pattern && pattern.id !== 'none' ? `, with ${pattern.name.toLowerCase()}` : ''}
        </p>
      </div>
      <div className="mt-4 grid gap-5">
        <Group legend="Marble type" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {MARBLE_TYPES.map((t) => (
            <Choice
              key={t.id}
              name="marble-type"
              value={t.id}
              checked={draft.avatarElement === t.id}
              onChange={(v) => set({ avatarElement: v })}
              label={`${t.name}: ${t.description}`}
            >
              <span className="block text-sm font-medium text-white">{t.name}</span>
              <span className="block text-xs text-slate-400">{t.description}</span>
            </Choice>
          ))}
        </Group>
        <Group legend="Colour" className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {AVATAR_COLOURS.map((c) => (
            <Choice
              key={c.id}
              name="marble-colour"
              value={c.primary}
              checked={draft.avatarColor.toUpperCase() === c.primary}
              onChange={(v) => set({ avatarColor: v })}
              label={c.name}
              className="flex flex-col items-center gap-1"
            >
              <span
                aria-hidden
                className="block h-6 w-6 rounded-full border border-white/20"
                style={{ background: `linear-gradient(135deg, ${c.secondary}, ${c.primary})` }}
              />
              <span className="block text-xs text-slate-200">{c.name}</span>
            </Choice>
          ))}
        </Group>
        <Group legend="Accent pattern" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {ACCENT_PATTERNS.map((p) => (
            <Choice
              key={p.id}
              name="marble-pattern"
              value={p.id}
              checked={draft.avatarSymbol === p.id}
              onChange={(v) => set({ avatarSymbol: v })}
              label={`${p.name}: ${p.description}`}
            >
              <span className="block text-sm font-medium text-white">{p.name}</span>
              <span className="block text-xs text-slate-400">{p.description}</span>
            </Choice>
          ))}
        </Group>
        <ColourGroup
          legend="Accent colour"
          name="marble-accent"
          swatches={ACCENT_SWATCHES}
          value={draft.hairColor}
          onChange={(v) => set({ hairColor: v })}
        />
        <ColourGroup
          legend="Glow colour"
          name="marble-glow"
          swatches={GLOW_SWATCHES}
          value={draft.eyeColor}
          onChange={(v) => set({ eyeColor: v })}
        />
      </div>
      <div className="sticky bottom-0 -mx-6 mt-4 flex justify-end gap-2 border-t border-night-700 bg-night-900 px-6 py-3">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" onClick={onSave} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Marble'}
        </Button>
      </div>
    </>
  );
}
