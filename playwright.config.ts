import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 5100);

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/** The phone project runs only the phone spec, so the desktop specs run once. */
const PHONE_SPECS = /phone\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      // Registers the server's first account (its super admin) before any other test: e2e/admin.setup.ts.
      name: 'setup',
      testMatch: /\.setup\.ts$/,
    },
    {
      name: 'desktop',
      testIgnore: PHONE_SPECS,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      // A 390 × 844 phone (iPhone 12–15 size) with touch, in the same Chromium.
      name: 'phone',
      testMatch: PHONE_SPECS,
      dependencies: ['setup'],
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
