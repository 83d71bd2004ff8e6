import { readFileSync } from 'node:fs';

/** A response of the bank's XML_daily.asp as it arrives: one line, windows-1251, Cyrillic names. */
export function recordedCbrDaily(): Buffer {
  return readFileSync(new URL('../providers/rates/fixtures/cbr-xml-daily-2026-11-21.xml', import.meta.url));
}
