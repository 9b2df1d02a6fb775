import { type AvatarFields, secondaryOf } from '@common/schemas/users';

/**
 * Draws a marble in two layers made once per look and size: the inside (type and accent pattern,
 * turned every frame) and the light (shading, highlight, glow; fixed, so the marble seems to turn
 * under a still lamp). A frame is then two drawImage calls, cheap enough for many marbles at 60 fps.
 */
export interface MarbleLayers {
  inside: HTMLCanvasElement;
  light: HTMLCanvasElement;
  /** Side of the square canvases in device pixels. */
  side: number;
}

/** The drawing scale: marbles are drawn at twice their CSS size for sharpness. */
export const MARBLE_SCALE = 2;

type Ctx = CanvasRenderingContext2D;

function hashString(value: string): number {
  let h = 2166136261;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A small seeded generator (mulberry32): the same avatar always gets the same specks and stars. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rgba(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1, 7), 16);
  if (Number.isNaN(n)) return `rgba(255,255,255,${alpha})`;
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
}

function makeCanvas(side: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  return canvas;
}

/** The marble's body and inner design for its type, centred at 0,0 with radius r. */
function drawType(ctx: Ctx, type: string, primary: string, secondary: string, r: number, rand: () => number) {
  const fill = (style: string | CanvasGradient) => {
    ctx.fillStyle = style;
    ctx.fillRect(-r, -r, 2 * r, 2 * r);
  };
  switch (type) {
    case 'cat-eye': {
      // Clear glass with a four-vaned coloured "eye" through the middle.
      fill(rgba(secondary, 0.35));
      for (let i = 0; i < 4; i++) {
        ctx.save();
        ctx.rotate((i * Math.PI) / 2 + 0.3);
        ctx.beginPath();
        ctx.moveTo(0, 0);
        ctx.quadraticCurveTo(r * 0.25, r * 0.45, 0, r * 0.95);
        ctx.quadraticCurveTo(-r * 0.25, r * 0.45, 0, 0);
        ctx.fillStyle = i % 2 ? secondary : primary;
        ctx.fill();
        ctx.restore();
      }
      break;
    }
    case 'shooter': {
      // A bold body with a bright bullseye of rings.
      fill(primary);
      const rings = [0.72, 0.55, 0.38, 0.2];
      rings.forEach((f, i) => {
        ctx.beginPath();
        ctx.arc(r * 0.12, r * 0.08, r * f, 0, Math.PI * 2);
        ctx.fillStyle = i % 2 ? primary : secondary;
        ctx.fill();
      });
      break;
    }
    case 'clearie': {
      // Tinted glass, nearly empty: a few air bubbles.
      const glass = ctx.createRadialGradient(r * 0.2, r * 0.25, 0, 0, 0, r);
      glass.addColorStop(0, rgba(secondary, 0.55));
      glass.addColorStop(1, rgba(primary, 0.35));
      fill(glass);
      for (let i = 0; i < 7; i++) {
        const a = rand() * Math.PI * 2;
        const d = Math.sqrt(rand()) * r * 0.8;
        ctx.beginPath();
        ctx.arc(Math.cos(a) * d, Math.sin(a) * d, r * (0.03 + rand() * 0.05), 0, Math.PI * 2);
        ctx.strokeStyle = 'rgba(255,255,255,0.75)';
        ctx.lineWidth = Math.max(1, r * 0.015);
        ctx.stroke();
      }
      break;
    }
    case 'swirl': {
      // Spiral ribbons twisting from the centre: the colour, with thin white threads between.
      fill(secondary);
      for (let arm = 0; arm < 6; arm++) {
        ctx.beginPath();
        for (let s = 0; s <= 60; s++) {
          const t = s / 60;
          const a = arm * (Math.PI / 3) + t * Math.PI * 2.2;
          const d = t * r * 1.05;
          if (s === 0) ctx.moveTo(0, 0);
          else ctx.lineTo(Math.cos(a) * d, Math.sin(a) * d);
        }
        ctx.strokeStyle = arm % 2 ? 'rgba(255,255,255,0.85)' : primary;
        ctx.lineCap = 'round';
        ctx.lineWidth = r * (arm % 2 ? 0.05 : 0.16);
        ctx.stroke();
      }
      break;
    }
    case 'galaxy': {
      // A night sky with a spiral arm of stars and a coloured nebula.
      fill('#0B0820');
      const neb = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
      neb.addColorStop(0, rgba(secondary, 0.9));
      neb.addColorStop(0.35, rgba(primary, 0.65));
      neb.addColorStop(1, 'rgba(11,8,32,0)');
      fill(neb);
      for (let i = 0; i < 140; i++) {
        const t = rand();
        const arm = i % 2 ? Math.PI : 0;
        const a = arm + t * Math.PI * 3 + (rand() - 0.5) * 0.7;
        const d = t * r * 0.98;
        ctx.fillStyle = i % 5 ? 'rgba(255,255,255,0.9)' : secondary;
        const s = Math.max(0.8, r * (0.008 + rand() * 0.02));
        ctx.fillRect(Math.cos(a) * d, Math.sin(a) * d, s, s);
      }
      break;
    }
    case 'onionskin': {
      // Many fine layered streaks radiating over the whole surface.
      fill(primary);
      const n = 48;
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2;
        ctx.beginPath();
        ctx.moveTo(0, 0);
        ctx.lineTo(Math.cos(a) * r * 1.1, Math.sin(a) * r * 1.1);
        ctx.strokeStyle = i % 3 === 0 ? 'rgba(255,255,255,0.55)' : rgba(secondary, 0.7);
        ctx.lineWidth = Math.max(1, r * (i % 2 ? 0.025 : 0.045));
        ctx.stroke();
      }
      break;
    }
    case 'tiger': {
      // A warm body with dark wavy stripes.
      fill(primary);
      for (let i = -4; i <= 4; i++) {
        ctx.beginPath();
        const y0 = i * r * 0.24;
        for (let s = 0; s <= 24; s++) {
          const x = -r + (s / 24) * 2 * r;
          const y = y0 + Math.sin(s * 0.7 + i) * r * 0.07;
          if (s === 0) ctx.moveTo(x, y);
          else ctx.lineTo(x, y);
        }
        ctx.strokeStyle = rgba('#1A0F05', 0.85);
        ctx.lineWidth = r * (0.06 + (Math.abs(i) % 2) * 0.04);
        ctx.stroke();
      }
      ctx.globalAlpha = 0.35;
      fill(secondary);
      ctx.globalAlpha = 1;
      break;
    }
    case 'sparkle': {
      // Glass full of twinkling four-pointed glints.
      const g = ctx.createRadialGradient(0, 0, 0, 0, 0, r);
      g.addColorStop(0, secondary);
      g.addColorStop(1, primary);
      fill(g);
      for (let i = 0; i < 26; i++) {
        const a = rand() * Math.PI * 2;
        const d = Math.sqrt(rand()) * r * 0.92;
        const x = Math.cos(a) * d;
        const y = Math.sin(a) * d;
        const s = r * (0.04 + rand() * 0.07);
        ctx.beginPath();
        ctx.moveTo(x, y - s);
        ctx.quadraticCurveTo(x, y, x + s, y);
        ctx.quadraticCurveTo(x, y, x, y + s);
        ctx.quadraticCurveTo(x, y, x - s, y);
        ctx.quadraticCurveTo(x, y, x, y - s);
        ctx.fillStyle = 'rgba(255,255,255,0.95)';
        ctx.fill();
      }
      break;
    }
    case 'banded': {
      // Parallel bands of the two colours.
      fill(primary);
      const bands = 7;
      for (let i = 0; i < bands; i += 2) {
        ctx.fillStyle = secondary;
        ctx.fillRect(-r, -r + (i * 2 * r) / bands, 2 * r, (2 * r) / bands);
      }
      break;
    }
    default: {
      // solid (and anything unknown): one smooth opaque colour.
      const g = ctx.createRadialGradient(-r * 0.3, -r * 0.3, 0, 0, 0, r);
      g.addColorStop(0, secondary);
      g.addColorStop(0.45, primary);
      g.addColorStop(1, primary);
      fill(g);
    }
  }
}

/** The accent pattern in the accent colour over the body. */
function drawPattern(ctx: Ctx, pattern: string, colour: string, r: number, rand: () => number) {
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  ctx.lineCap = 'round';
  switch (pattern) {
    case 'dots': {
      const step = r * 0.42;
      for (let y = -r; y <= r; y += step) {
        const odd = Math.round((y + r) / step) % 2;
        for (let x = -r + (odd ? step / 2 : 0); x <= r; x += step) {
          ctx.beginPath();
          ctx.arc(x, y, r * 0.075, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      break;
    }
    case 'streaks': {
      // Long comet-like curves sweeping across, each thinning towards its end.
      for (let i = 0; i < 3; i++) {
        const a = (i / 3) * Math.PI * 2 + 0.5;
        const cx = Math.cos(a) * r * 0.55;
        const cy = Math.sin(a) * r * 0.55;
        for (let k = 0; k < 6; k++) {
          ctx.beginPath();
          ctx.lineWidth = r * (0.09 - k * 0.013);
          ctx.arc(cx, cy, r * 0.6, a + 1.6 + k * 0.2, a + 1.8 + k * 0.2);
          ctx.stroke();
        }
      }
      break;
    }
    case 'speckles': {
      for (let i = 0; i < 90; i++) {
        const a = rand() * Math.PI * 2;
        const d = Math.sqrt(rand()) * r;
        const s = Math.max(1, r * (0.012 + rand() * 0.022));
        ctx.beginPath();
        ctx.arc(Math.cos(a) * d, Math.sin(a) * d, s, 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    }
    case 'stripes': {
      ctx.lineWidth = r * 0.06;
      for (let x = -r; x <= r; x += r * 0.3) {
        ctx.beginPath();
        ctx.moveTo(x - r * 0.3, -r);
        ctx.lineTo(x + r * 0.3, r);
        ctx.stroke();
      }
      break;
    }
    case 'waves': {
      ctx.lineWidth = r * 0.06;
      for (let y = -r * 0.8; y <= r * 0.8; y += r * 0.4) {
        ctx.beginPath();
        for (let s = 0; s <= 30; s++) {
          const x = -r + (s / 30) * 2 * r;
          const yy = y + Math.sin((s / 30) * Math.PI * 4) * r * 0.1;
          if (s === 0) ctx.moveTo(x, yy);
          else ctx.lineTo(x, yy);
        }
        ctx.stroke();
      }
      break;
    }
    default:
      break;
  }
}

/** The geometry for a marble of `cssSize` px: canvas side, centre and radius in device pixels. */
export function marbleGeometry(cssSize: number) {
  const side = cssSize * MARBLE_SCALE;
  const centre = side / 2;
  const glow = Math.max(2, side * 0.06);
  return { side, centre, radius: centre - glow, glow };
}

/** Builds both layers for an avatar at a CSS size. */
export function buildMarbleLayers(avatar: AvatarFields, cssSize: number): MarbleLayers {
  const { side, centre, radius: r, glow } = marbleGeometry(cssSize);
  const primary = avatar.avatarColor;
  const secondary = secondaryOf(primary);
  const rand = seeded(
    hashString(`${avatar.avatarElement}|${avatar.avatarColor}|${avatar.avatarSymbol}|${avatar.hairColor}`),
  );

  const inside = makeCanvas(side);
  const ictx = inside.getContext('2d');
  if (ictx) {
    ictx.translate(centre, centre);
    ictx.beginPath();
    ictx.arc(0, 0, r, 0, Math.PI * 2);
    ictx.clip();
    drawType(ictx, avatar.avatarElement, primary, secondary, r, rand);
    drawPattern(ictx, avatar.avatarSymbol, avatar.hairColor, r, rand);
  }

  const light = makeCanvas(side);
  const lctx = light.getContext('2d');
  if (lctx) {
    lctx.translate(centre, centre);
    // Glow outline: a soft halo and a crisp ring in the glow colour.
    lctx.save();
    lctx.shadowColor = avatar.eyeColor;
    lctx.shadowBlur = glow * 1.5;
    lctx.beginPath();
    lctx.arc(0, 0, r + glow * 0.35, 0, Math.PI * 2);
    lctx.strokeStyle = rgba(avatar.eyeColor, 0.9);
    lctx.lineWidth = Math.max(1.5, glow * 0.55);
    lctx.stroke();
    lctx.restore();
    // Shading: darker towards the rim, as on a sphere.
    const shade = lctx.createRadialGradient(-r * 0.25, -r * 0.3, r * 0.2, 0, 0, r);
    shade.addColorStop(0, 'rgba(0,0,0,0)');
    shade.addColorStop(0.75, 'rgba(0,0,0,0.12)');
    shade.addColorStop(1, 'rgba(0,0,0,0.5)');
    lctx.beginPath();
    lctx.arc(0, 0, r, 0, Math.PI * 2);
    lctx.fillStyle = shade;
    lctx.fill();
    // Specular highlight, upper left.
    const spec = lctx.createRadialGradient(-r * 0.38, -r * 0.42, 0, -r * 0.38, -r * 0.42, r * 0.42);
    spec.addColorStop(0, 'rgba(255,255,255,0.85)');
    spec.addColorStop(1, 'rgba(255,255,255,0)');
    lctx.fillStyle = spec;
    lctx.beginPath();
    lctx.arc(0, 0, r, 0, Math.PI * 2);
    lctx.fill();
  }
  return { inside, light, side };
}

/** One frame: the inside turned by `angle` radians, the light on top. */
export function paintMarble(ctx: Ctx, layers: MarbleLayers, angle: number): void {
  const c = layers.side / 2;
  ctx.clearRect(0, 0, layers.side, layers.side);
  ctx.save();
  ctx.translate(c, c);
  ctx.rotate(angle);
  ctx.drawImage(layers.inside, -c, -c);
  ctx.restore();
  ctx.drawImage(layers.light, 0, 0);
}
