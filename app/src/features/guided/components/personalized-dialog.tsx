import { Loader2, Wand2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { GUIDED } from '@common/limits';
import { MSG } from '@common/messages';
import { GUIDED_DIFFICULTIES, GUIDED_TYPES, type GuidedDifficulty, type GuidedType } from '@common/guided';
import type { PersonalizedContent } from '@common/schemas/guided';
import { Button } from '@app/components/ui/button';
import { NativeSelect } from '@app/components/ui/native-select';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@app/components/ui/dialog';
import { Input, Textarea } from '@app/components/ui/input';
import { Label } from '@app/components/ui/misc';
import { toast } from '@app/lib/toast-store';
import { usePersonalizedContent } from '../api';
import { DIFFICULTY_LABEL, TYPE_LABEL } from './labels';

/** The last request's type, difficulty and duration (spec part 2 §3), kept in local storage. */
export interface LastRequest {
  contentType: GuidedType;
  difficulty: GuidedDifficulty;
  duration: number;
}

const STORAGE_KEY = 'dream-traveler:guided-last-request';
export const DEFAULT_REQUEST: LastRequest = {
  contentType: 'meditation',
  difficulty: 'beginner',
  duration: GUIDED.durationDefault,
};

const isType = (v: unknown): v is GuidedType => (GUIDED_TYPES as readonly unknown[]).includes(v);
const isDifficulty = (v: unknown): v is GuidedDifficulty => (GUIDED_DIFFICULTIES as readonly unknown[]).includes(v);
const isDuration = (v: unknown): v is number =>
  typeof v === 'number' &&
  Number.isInteger(v) &&
  v >= GUIDED.durationMin &&
  v <= GUIDED.durationMax &&
  v % GUIDED.durationStep === 0;

/** The stored request when it is whole and valid; the defaults otherwise. */
export function readLastRequest(): LastRequest {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<
      Record<keyof LastRequest, unknown>
    > | null;
    if (saved && isType(saved.contentType) && isDifficulty(saved.difficulty) && isDuration(saved.duration))
      return { contentType: saved.contentType, difficulty: saved.difficulty, duration: saved.duration };
  } catch {
    // Storage disabled or a damaged entry: the defaults.
  }
  return DEFAULT_REQUEST;
}

function saveLastRequest(request: LastRequest) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(request));
  } catch {
    // Storage disabled: the next visit starts from the defaults.
  }
}

/** Create Personalized Content: type, difficulty, focus area (required), duration 5–30 and preferences. */
export function PersonalizedDialog({
  onCreated,
}: {
  onCreated: (content: PersonalizedContent, request: LastRequest) => void;
}) {
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState<LastRequest>(readLastRequest);
  const [focusArea, setFocusArea] = useState('');
  const [preferences, setPreferences] = useState('');
  const [focusError, setFocusError] = useState<string | undefined>();
  const generate = usePersonalizedContent();
  const focusMissing = !focusArea.trim();

  const refuseMissingFocus = () => {
    setFocusError(MSG.focusAreaRequired);
    toast({ title: MSG.focusAreaMissingTitle, description: MSG.focusAreaRequired, variant: 'destructive' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (focusMissing) {
      refuseMissingFocus();
      return;
    }
    // The fields' own limits (maxLength, the slider's range and step, the selects) keep the rest valid.
    const body = { ...request, focusArea: focusArea.trim(), preferences: preferences.trim() };
    saveLastRequest(request);
    generate.mutate(body, {
      onSuccess: (content) => {
        onCreated(content, request);
        setOpen(false);
      },
      onError: () =>
        toast({ title: MSG.personalizedFailedTitle, description: MSG.personalizedFailed, variant: 'destructive' }),
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setRequest(readLastRequest());
        setFocusError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Wand2 aria-hidden /> Create Personalized Content
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Create Personalized Content</DialogTitle>
        <DialogDescription>
          A practice written for you tonight, around what you want to focus on, your preferences and the recurring dream
          signs in your journal.
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="personalized-type">Content type</Label>
              <NativeSelect
                id="personalized-type"
                value={request.contentType}
                onChange={(e) => setRequest((r) => ({ ...r, contentType: e.target.value as GuidedType }))}
              >
                {GUIDED_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABEL[t]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="personalized-difficulty">Difficulty</Label>
              <NativeSelect
                id="personalized-difficulty"
                value={request.difficulty}
                onChange={(e) => setRequest((r) => ({ ...r, difficulty: e.target.value as GuidedDifficulty }))}
              >
                {GUIDED_DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {DIFFICULTY_LABEL[d]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="personalized-focus">Focus area</Label>
            <Input
              id="personalized-focus"
              value={focusArea}
              maxLength={GUIDED.focusArea.max}
              placeholder="e.g. flying over the sea, meeting a dream guide"
              aria-invalid={focusError ? true : undefined}
              aria-describedby="personalized-focus-hint"
              onChange={(e) => {
                setFocusArea(e.target.value);
                setFocusError(undefined);
              }}
              onKeyDown={(e) => {
                // The submit button is disabled, so Enter would do nothing: say why instead.
                if (e.key === 'Enter' && focusMissing) {
                  e.preventDefault();
                  refuseMissingFocus();
                }
              }}
              onBlur={() => {
                if (focusArea && focusMissing) setFocusError(MSG.focusAreaRequired);
              }}
            />
            <p id="personalized-focus-hint" className={focusError ? 'text-sm text-red-300' : 'text-xs text-slate-400'}>
              {focusError ?? 'Required: what should this practice help you with?'}
            </p>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="personalized-duration">Duration: {request.duration} minutes</Label>
            <input
              id="personalized-duration"
              type="range"
              className="h-6 w-full cursor-pointer accent-dream-400 focus-visible:outline-2 focus-visible:outline-aurora-300"
              min={GUIDED.durationMin}
              max={GUIDED.durationMax}
              step={GUIDED.durationStep}
              value={request.duration}
              aria-valuetext={`${request.duration} minutes`}
              onChange={(e) => setRequest((r) => ({ ...r, duration: Number(e.target.value) }))}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="personalized-preferences">Preferences (optional)</Label>
            <Textarea
              id="personalized-preferences"
              value={preferences}
              maxLength={GUIDED.preferences.max}
              placeholder="e.g. ocean imagery, no counting"
              onChange={(e) => setPreferences(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={focusMissing || generate.isPending}>
            {generate.isPending ? <Loader2 aria-hidden className="motion-safe:animate-spin" /> : <Wand2 aria-hidden />}
            {generate.isPending ? 'Generating…' : 'Generate Content'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
