import { buildMarbleLayers, marbleGeometry, paintMarble } from '../../app/src/components/marble/draw';
import { registerMarble } from '../../app/src/components/marble/loop';

/** What the gallery script and the marble bench call inside the page (bundled by esbuild). */
declare global {
  interface Window {
    marbles: {
      buildMarbleLayers: typeof buildMarbleLayers;
      marbleGeometry: typeof marbleGeometry;
      paintMarble: typeof paintMarble;
      registerMarble: typeof registerMarble;
    };
  }
}

window.marbles = { buildMarbleLayers, marbleGeometry, paintMarble, registerMarble };
