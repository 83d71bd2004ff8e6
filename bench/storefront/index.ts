/**
 * The storefront's weight and Lighthouse scores against a running store (`npm start` first):
 * builds the storefront, loads / in Chromium to see which scripts the home route really fetches,
 * sums their gzipped sizes from the build, then runs Lighthouse (performance, accessibility) on /
 * and /products. Prints one JSON line. BENCH_URL and CHROMIUM_PATH tune it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const baseUrl = process.env.BENCH_URL ?? 'http://localhost:3000';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const distDir = path.join(repoRoot, 'storefront/dist');
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

function buildStorefront(): void {
  const build = spawnSync('npm', ['run', 'build', '-w', 'storefront'], { cwd: repoRoot, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('Building the storefront failed: run `npm run build -w storefront` to see why');
}

/** Scripts the browser fetched for `/` once the page settled, with their gzipped sizes from the build. */
async function homeRouteScripts(): Promise<Array<{ file: string; gzipBytes: number }>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === new URL(baseUrl).origin && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    return [...scripts].sort().map((file) => ({
      file,
      gzipBytes: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
    }));
  } finally {
    await browser.close();
  }
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

async function lighthouseScores(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { performance, accessibility } = result.lhr.categories;
  return {
    performance: Math.round((performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    // Lighthouse's own display values (simulated mobile: slow 4G, 4x CPU slowdown).
    metrics: Object.fromEntries(METRICS.map((id) => [id, result.lhr.audits[id]?.displayValue ?? null])),
  };
}

const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
if (!health?.ok) throw new Error(`No store answers at ${baseUrl}: start it with \`npm start\` (or set BENCH_URL)`);

buildStorefront();
const scripts = await homeRouteScripts();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
try {
  const home = await lighthouseScores(`${baseUrl}/`, chrome.port);
  const products = await lighthouseScores(`${baseUrl}/products`, chrome.port);
  process.stdout.write(
    `${JSON.stringify({
      bench: 'storefront',
      url: baseUrl,
      homeRouteJsGzipKb: Math.round(scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 102.4) / 10,
      homeRouteScripts: scripts,
      lighthouse: { home, products },
    })}\n`,
  );
} finally {
  await chrome.kill();
}
