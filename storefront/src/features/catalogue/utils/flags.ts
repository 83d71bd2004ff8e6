/**
 * Region flags as images: emoji flags show as empty boxes in Chromium on Linux and Windows. Each
 * flag-icons SVG becomes its own small file (never inlined), so the bundle carries only their URLs.
 */
const FLAG_FILES = import.meta.glob<string>('../../../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const FLAG_URLS = new Map(
  Object.entries(FLAG_FILES).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

/** The United Nations flag (a world map) stands for global codes and regions without a country flag. */
export const GLOBAL_FLAG_CODE = 'un';

export function isImageFlag(flag: string): boolean {
  return /^(https?:)?\/\//i.test(flag) || flag.startsWith('/') || flag.startsWith('data:image/');
}

/** The flag-icons image for an ISO code ("TR", "eu"), or undefined when there is none. */
export function flagImageByCode(code: string): string | undefined {
  return FLAG_URLS.get(code.trim().toLowerCase());
}

/** An image an admin set wins; else the flag of the region's code; else the global flag. */
export function regionFlagUrl(region: { flag: string; code: string } | null): string {
  const flag = region?.flag.trim() ?? '';
  if (isImageFlag(flag)) return flag;
  return (region && flagImageByCode(region.code)) ?? flagImageByCode(GLOBAL_FLAG_CODE) ?? '';
}
