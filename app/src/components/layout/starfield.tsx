import { useEffect, useRef } from 'react';
import { UI } from '@common/limits';
import { startStarfield } from './starfield-engine';

/**
 * The animated starfield behind every screen. It draws on a canvas, pauses while the tab is
 * hidden, and stands still (one static frame) under prefers-reduced-motion (starfield-engine.ts).
 */
export function Starfield({ count = UI.starCount }: { count?: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    return canvas ? startStarfield(canvas, count, { twinkleWhenIdle: true }) : undefined;
  }, [count]);

  return (
    <canvas
      ref={canvasRef}
      data-testid="starfield"
      aria-hidden
      className="pointer-events-none fixed inset-0 -z-10 h-full w-full bg-[radial-gradient(ellipse_at_top,_#1e1548_0%,_#07051a_60%)]"
    />
  );
}
