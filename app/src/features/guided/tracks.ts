import { AMBIENT_AUDIO, AMBIENT_TRACKS, type AmbientTrackId } from '@common/ambient-tracks';
import versions from './audio-versions.json';

export interface AmbientTrack {
  id: AmbientTrackId;
  title: string;
  category: string;
  /** The file's address with its content hash as a cache-busting version. */
  src: string;
}

const versionOf = (file: string): string => (versions as Record<string, string | undefined>)[file] ?? '1';

export const TRACKS: AmbientTrack[] = AMBIENT_TRACKS.map((t) => ({
  id: t.id,
  title: t.title,
  category: t.category,
  src: `${AMBIENT_AUDIO.basePath}/${t.file}?v=${versionOf(t.file)}`,
}));
