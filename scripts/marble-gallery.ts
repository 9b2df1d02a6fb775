/**
 * Renders every marble type × four colours × six accent patterns into one PNG in docs/, so anyone
 * can see the marbles without running the app: `npm run gallery`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCENT_PATTERNS, AVATAR_COLOURS, MARBLE_TYPES } from '../common/schemas/users';
import { marblePage } from './marbles/page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'docs', 'marble-gallery.png');
const COLOURS = ['blue', 'red', 'amber', 'white'] as const;
const ACCENTS: Record<(typeof COLOURS)[number], string> = {
  blue: '#FDD835',
  red: '#FFFFFF',
  amber: '#212121',
  white: '#8E24AA',
};
const GLOWS: Record<(typeof COLOURS)[number], string> = {
  blue: '#FFFFFF',
  red: '#FDD835',
  amber: '#5EEAD4',
  white: '#A78BFA',
};
const CELL = 64;
const GAP = 10;
const LABEL_W = 120;
const HEAD_H = 60;

const columns = COLOURS.flatMap((colour) => ACCENT_PATTERNS.map((pattern) => ({ colour, pattern: pattern.id })));
const width = LABEL_W + columns.length * (CELL + GAP) + GAP;
const height = HEAD_H + MARBLE_TYPES.length * (CELL + GAP) + GAP;

const { browser, page } = await marblePage({ width, height });
try {
  const cells = MARBLE_TYPES.flatMap((type, row) =>
    columns.map((c, col) => {
      const colour = AVATAR_COLOURS.find((x) => x.id === c.colour);
      if (!colour) throw new Error(`unknown colour ${c.colour}`);
      return {
        x: LABEL_W + col * (CELL + GAP),
        y: HEAD_H + row * (CELL + GAP),
        avatar: {
          avatarElement: type.id,
          avatarColor: colour.primary,
          avatarSymbol: c.pattern,
          hairColor: ACCENTS[c.colour],
          eyeColor: GLOWS[c.colour],
        },
      };
    }),
  );
  await page.evaluate(
    ({ cells, width, height, cell, labelW, headH, gap, types, columns }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      document.body.appendChild(canvas);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2D context');
      ctx.fillStyle = '#07051a';
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#e2e8f0';
      ctx.font = '13px sans-serif';
      types.forEach((name, row) => ctx.fillText(name, 10, headH + row * (cell + gap) + cell / 2 + 4));
      ctx.font = '11px sans-serif';
      columns.forEach((c, col) => {
        const x = labelW + col * (cell + gap);
        ctx.fillText(c.pattern, x + 4, headH - 8);
        if (c.pattern === 'none') ctx.fillText(c.colour.toUpperCase(), x + 4, headH - 28);
      });
      for (const c of cells) {
        // xl size (96 px) drawn at 2x, scaled into the cell: the sharpest rendering.
        const layers = window.marbles.buildMarbleLayers(c.avatar, 96);
        const tile = document.createElement('canvas');
        tile.width = layers.side;
        tile.height = layers.side;
        const tctx = tile.getContext('2d');
        if (!tctx) throw new Error('no 2D context');
        window.marbles.paintMarble(tctx, layers, 0.4);
        ctx.drawImage(tile, c.x, c.y, cell, cell);
      }
    },
    {
      cells,
      width,
      height,
      cell: CELL,
      labelW: LABEL_W,
      headH: HEAD_H,
      gap: GAP,
      types: MARBLE_TYPES.map((t) => t.name),
      columns,
    },
  );
  await page.locator('canvas').screenshot({ path: OUT });
  console.log(`wrote ${path.relative(root, OUT)} (${MARBLE_TYPES.length} types × ${columns.length} looks)`);
} finally {
  await browser.close();
}
