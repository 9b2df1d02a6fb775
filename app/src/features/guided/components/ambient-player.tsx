import { Pause, Play, Repeat, RotateCcw, RotateCw, Timer, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AUDIO } from '@common/limits';
import { Button } from '@app/components/ui/button';
import { NativeSelect } from '@app/components/ui/native-select';
import { Label } from '@app/components/ui/misc';
import { cn } from '@app/lib/cn';
import { TRACKS, type AmbientTrack } from '../tracks';

/** The player's states (spec part 2 §4): idle until a track loads, loading until its metadata is ready. */
export type PlayerState = 'idle' | 'loading' | 'playing' | 'paused';

const STATE_LABEL: Record<PlayerState, string> = {
  idle: 'Idle',
  loading: 'Loading…',
  playing: 'Playing',
  paused: 'Paused',
};

/** Only one ambient player sounds at a time: starting one pauses the others. */
const PLAY_EVENT = 'dream-traveler:ambient-play';

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const rangeClass =
  'h-6 w-full min-w-0 cursor-pointer accent-dream-400 focus-visible:outline-2 focus-visible:outline-aurora-300';

/**
 * The ambient sound player: track choice, play/pause, ±10 s, a time slider, mute, volume, loop, a
 * sleep timer that fades out and pauses, and Media Session metadata for the lock screen. Audio errors
 * are only logged (spec §8).
 */
export function AmbientPlayer({ label, className }: { label: string; className?: string }) {
  const uid = useId();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [trackId, setTrackId] = useState<AmbientTrack['id']>(TRACKS[0]?.id ?? 'ocean-waves');
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [state, setState] = useState<PlayerState>('idle');
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState<number>(AUDIO.defaultVolume);
  const [muted, setMuted] = useState(false);
  const [loop, setLoop] = useState(true);
  const [sleepMinutes, setSleepMinutes] = useState(0);
  const [sleepEndsAt, setSleepEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const track = TRACKS.find((t) => t.id === trackId) ?? TRACKS[0];

  // The sleep timer's fade scales the chosen volume; the slider keeps showing the choice.
  const fadeRef = useRef(1);
  const applyVolume = useCallback(() => {
    const audio = audioRef.current;
    if (audio) audio.volume = Math.max(0, Math.min(1, volume * fadeRef.current));
  }, [volume]);
  useEffect(applyVolume, [applyVolume]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.loop = loop;
  }, [loop]);

  const playTrack = useCallback(
    async (chosen: AmbientTrack | undefined) => {
      const audio = audioRef.current;
      if (!audio || !chosen) return;
      if (loadedSrc !== chosen.src) {
        setState('loading');
        setLoadedSrc(chosen.src);
        audio.src = chosen.src;
        audio.load();
      }
      window.dispatchEvent(new CustomEvent(PLAY_EVENT, { detail: audio }));
      try {
        await audio.play();
      } catch (err) {
        console.error('Ambient audio could not play', err);
        setState(audio.readyState >= 1 ? 'paused' : 'idle');
      }
    },
    [loadedSrc],
  );
  const play = useCallback(() => playTrack(track), [playTrack, track]);

  const pause = useCallback(() => audioRef.current?.pause(), []);

  const seekTo = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(audio.duration)) return;
    audio.currentTime = Math.max(0, Math.min(audio.duration, seconds));
    setCurrent(audio.currentTime);
  }, []);
  const skip = useCallback((delta: number) => seekTo((audioRef.current?.currentTime ?? 0) + delta), [seekTo]);

  // Another player started: this one pauses.
  useEffect(() => {
    const onOtherPlay = (event: Event) => {
      if ((event as CustomEvent<HTMLAudioElement>).detail !== audioRef.current) audioRef.current?.pause();
    };
    window.addEventListener(PLAY_EVENT, onOtherPlay);
    return () => window.removeEventListener(PLAY_EVENT, onOtherPlay);
  }, []);

  // Choosing another track stops the current one; it plays at once if the old one was playing.
  const chooseTrack = (id: AmbientTrack['id']) => {
    const audio = audioRef.current;
    const wasPlaying = state === 'playing';
    setTrackId(id);
    if (audio && loadedSrc) {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    }
    setLoadedSrc(null);
    setCurrent(0);
    setDuration(0);
    setState('idle');
    if (wasPlaying) void playTrack(TRACKS.find((t) => t.id === id));
  };

  // Media Session: the lock screen shows the track and its buttons control this player.
  useEffect(() => {
    if (!('mediaSession' in navigator) || !track || (state !== 'playing' && state !== 'paused')) return;
    const session = navigator.mediaSession;
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({ title: track.title, artist: 'Dream Traveler', album: 'Ambient sounds' });
    }
    session.playbackState = state === 'playing' ? 'playing' : 'paused';
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => void play()],
      ['pause', pause],
      ['seekbackward', () => skip(-AUDIO.seekSeconds)],
      ['seekforward', () => skip(AUDIO.seekSeconds)],
      ['seekto', (details) => details.seekTime !== undefined && seekTo(details.seekTime)],
    ];
    const setHandlers = (on: boolean) => {
      for (const [action, handler] of handlers) {
        try {
          session.setActionHandler(action, on ? handler : null);
        } catch {
          // An action this browser does not support.
        }
      }
    };
    setHandlers(true);
    // A player that goes away (its dialog closed) leaves no buttons behind that would do nothing.
    return () => setHandlers(false);
  }, [state, track, play, pause, skip, seekTo]);

  // Sleep timer: counts down while set, fades the volume over the last seconds, then pauses.
  useEffect(() => {
    if (sleepEndsAt === null) return;
    const tick = () => {
      const left = (sleepEndsAt - Date.now()) / 1000;
      setNow(Date.now());
      fadeRef.current = left >= AUDIO.sleepFadeSeconds ? 1 : Math.max(0, left / AUDIO.sleepFadeSeconds);
      applyVolume();
      if (left <= 0) {
        audioRef.current?.pause();
        fadeRef.current = 1;
        applyVolume();
        setSleepEndsAt(null);
        setSleepMinutes(0);
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [sleepEndsAt, applyVolume]);
  const chooseSleep = (minutes: number) => {
    setSleepMinutes(minutes);
    fadeRef.current = 1;
    applyVolume();
    setSleepEndsAt(minutes ? Date.now() + minutes * 60_000 : null);
  };
  const sleepLeft = sleepEndsAt === null ? 0 : Math.max(0, (sleepEndsAt - now) / 1000);

  const ready = state === 'playing' || state === 'paused';
  const busy = state === 'playing' || state === 'loading';
  const ids = { track: `${uid}-track`, time: `${uid}-time`, volume: `${uid}-volume`, sleep: `${uid}-sleep` };

  return (
    <section aria-label={label} className={cn('grid gap-4', className)} data-player-state={state}>
      <audio
        ref={audioRef}
        preload="none"
        data-testid="ambient-audio"
        onLoadStart={() => setState((s) => (s === 'idle' ? 'loading' : s))}
        onLoadedMetadata={(e) => {
          setDuration(e.currentTarget.duration);
          setState(e.currentTarget.paused ? 'paused' : 'playing');
        }}
        onPlay={() => setState((s) => (s === 'loading' ? s : 'playing'))}
        onPlaying={() => setState('playing')}
        onPause={(e) => setState(e.currentTarget.readyState >= 1 ? 'paused' : 'idle')}
        onEnded={() => setState('paused')}
        onTimeUpdate={(e) => setCurrent(e.currentTarget.currentTime)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onError={(e) => {
          // Only logged: nothing is shown to the user (spec §8).
          console.error('Ambient audio failed to load', track?.src, e.currentTarget.error);
          setState('idle');
          setLoadedSrc(null);
        }}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={ids.track}>Ambient track</Label>
        <NativeSelect
          id={ids.track}
          value={trackId}
          onChange={(e) => chooseTrack(e.target.value as AmbientTrack['id'])}
        >
          {TRACKS.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title} ({t.category})
            </option>
          ))}
        </NativeSelect>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={`Back ${AUDIO.seekSeconds} seconds`}
          disabled={!ready}
          onClick={() => skip(-AUDIO.seekSeconds)}
        >
          <RotateCcw aria-hidden />
        </Button>
        {/* Never disabled: while a track loads it offers Pause, so focus stays on it. */}
        <Button size="icon" aria-label={busy ? 'Pause' : 'Play'} onClick={() => (busy ? pause() : void play())}>
          {busy ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Forward ${AUDIO.seekSeconds} seconds`}
          disabled={!ready}
          onClick={() => skip(AUDIO.seekSeconds)}
        >
          <RotateCw aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={muted ? 'Unmute' : 'Mute'}
          aria-pressed={muted}
          onClick={() => setMuted((m) => !m)}
        >
          {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
        </Button>
        <Button
          variant={loop ? 'secondary' : 'outline'}
          size="icon"
          aria-label="Loop"
          aria-pressed={loop}
          onClick={() => setLoop((l) => !l)}
        >
          <Repeat aria-hidden />
        </Button>
        <p className="ml-auto text-sm text-slate-300" aria-live="polite" data-testid="player-state">
          {track?.title}: {STATE_LABEL[state]}
        </p>
      </div>

      <div className="grid gap-1">
        <div className="flex items-center justify-between text-xs text-slate-400">
          <label htmlFor={ids.time}>Position</label>
          <span aria-hidden>
            {clock(current)} / {clock(duration)}
          </span>
        </div>
        <input
          id={ids.time}
          type="range"
          className={rangeClass}
          min={0}
          max={duration || 0}
          step={AUDIO.timeStep}
          value={Math.min(current, duration || 0)}
          disabled={!ready}
          aria-valuetext={`${clock(current)} of ${clock(duration)}`}
          onChange={(e) => seekTo(Number(e.target.value))}
        />
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={ids.volume} className="text-xs text-slate-400">
            Volume {Math.round(volume * 100)}%
          </label>
          <input
            id={ids.volume}
            type="range"
            className={rangeClass}
            min={0}
            max={1}
            step={AUDIO.volumeStep}
            value={volume}
            onChange={(e) => setVolume(Number(e.target.value))}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={ids.sleep} className="flex items-center gap-1 text-xs text-slate-400">
            <Timer aria-hidden className="h-3.5 w-3.5" /> Sleep timer
            {sleepEndsAt !== null ? <span data-testid="sleep-left">· stops in {clock(sleepLeft)}</span> : null}
          </label>
          <NativeSelect id={ids.sleep} value={sleepMinutes} onChange={(e) => chooseSleep(Number(e.target.value))}>
            <option value={0}>Off</option>
            {AUDIO.sleepTimerMinutes.map((m) => (
              <option key={m} value={m}>
                {m} minutes (fades out)
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </section>
  );
}
