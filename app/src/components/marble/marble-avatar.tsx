import { useEffect, useMemo, useRef } from 'react';
import type { AvatarFields } from '@common/schemas/users';
import { cn } from '@app/lib/cn';
import { buildMarbleLayers, MARBLE_SCALE, type MarbleLayers } from './draw';
import { registerMarble } from './loop';

export const AVATAR_SIZES = { sm: 32, md: 40, lg: 64, xl: 96 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** Layers are shared by every marble with the same look and size (a feed repeats the same users). */
const layerCache = new Map<string, MarbleLayers>();
const LAYER_CACHE_MAX = 200;

function layersFor(avatar: AvatarFields, px: number): MarbleLayers {
  const key = [
    avatar.avatarElement,
    avatar.avatarColor,
    avatar.avatarSymbol,
    avatar.hairColor,
    avatar.eyeColor,
    px,
  ].join('|');
  let layers = layerCache.get(key);
  if (!layers) {
    layers = buildMarbleLayers(avatar, px);
    if (layerCache.size >= LAYER_CACHE_MAX) layerCache.delete(layerCache.keys().next().value as string);
    layerCache.set(key, layers);
  }
  return layers;
}

let mounted = 0;

/**
 * The user's animated marble: a canvas drawn at 2x, turning slowly (still under reduced motion,
 * paused off screen), painted by the one shared loop. `label` is its accessible name.
 */
export function MarbleAvatar({
  avatar,
  size,
  label,
  className,
}: {
  avatar: AvatarFields;
  size: AvatarSize;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const px = AVATAR_SIZES[size];
  const phase = useMemo(() => (mounted++ * 2.399) % (Math.PI * 2), []);
  const { avatarElement, avatarColor, avatarSymbol, hairColor, eyeColor } = avatar;

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || typeof canvas.getContext !== 'function') return undefined;
    // jsdom and very old browsers have no 2D context: the labelled canvas stays blank.
    let ctx: RenderingContext | null = null;
    try {
      ctx = canvas.getContext('2d');
    } catch {
      ctx = null;
    }
    if (!ctx) return undefined;
    const layers = layersFor({ avatarElement, avatarColor, avatarSymbol, hairColor, eyeColor }, px);
    return registerMarble(canvas, layers, phase);
  }, [avatarElement, avatarColor, avatarSymbol, hairColor, eyeColor, px, phase]);

  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label}
      width={px * MARBLE_SCALE}
      height={px * MARBLE_SCALE}
      data-marble={avatarElement}
      className={cn('inline-block shrink-0 rounded-full', className)}
      style={{ width: px, height: px }}
    />
  );
}
