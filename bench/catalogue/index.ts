/**
 * Catalogue reads under load against a running store (`npm start` first):
 * the product list, a product page and its price options, as a shopper's browser asks for them.
 * Prints one JSON line. BENCH_URL, BENCH_CONCURRENCY and BENCH_SECONDS tune it.
 */
import { runLoad } from '../lib/load';

const baseUrl = process.env.BENCH_URL ?? 'http://localhost:3000';
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const durationMs = Number(process.env.BENCH_SECONDS ?? 10) * 1000;

interface ListedProduct {
  id: number;
  slug: string;
  hasGlobalCodes: boolean;
  regions: Array<{ id: number }>;
}

const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as ListedProduct[];
const pages = products
  .filter((product) => product.hasGlobalCodes || product.regions.length > 0)
  .map((product) => ({
    slug: product.slug,
    codesPath: `/api/products/${product.id}/codes/${product.hasGlobalCodes ? 0 : product.regions[0]!.id}`,
  }));
if (pages.length === 0) throw new Error(`No products with stock at ${baseUrl}: is the demo catalogue seeded?`);

const paths = (iteration: number): string[] => {
  const page = pages[iteration % pages.length]!;
  return ['/api/products', `/api/products/slug/${page.slug}`, page.codesPath];
};

const result = await runLoad({
  concurrency,
  durationMs,
  async request(_client, iteration) {
    const path = paths(iteration)[iteration % 3]!;
    const response = await fetch(`${baseUrl}${path}`);
    await response.arrayBuffer();
    return response.ok;
  },
});

console.warn(`catalogue: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms`);
process.stdout.write(
  `${JSON.stringify({ benchmark: 'catalogue', baseUrl, concurrency, durationSeconds: durationMs / 1000, products: pages.length, ...result })}\n`,
);
