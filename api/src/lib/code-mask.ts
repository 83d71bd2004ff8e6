const MASK = '••••••';
const VISIBLE_END = 4;
const VISIBLE_START = 3;
/** From this length on the start shows too: codes of one batch often share their end (`VTR-0001-XYZ`…). */
const LONG_CODE = 12;

/**
 * An activation code as the back office lists it: the first 3 and last 4 characters of a long code,
 * the last 4 of a shorter one. Enough to tell codes apart or match one against a complaint, never
 * enough to use it (a long code keeps at least 5 characters hidden). A code of 8 characters or fewer
 * shows at most half of itself.
 */
export function maskCode(code: string): string {
  if (code.length >= LONG_CODE) return `${code.slice(0, VISIBLE_START)}${MASK}${code.slice(-VISIBLE_END)}`;
  const visible = Math.min(VISIBLE_END, Math.floor(code.length / 2));
  return `${MASK}${visible > 0 ? code.slice(-visible) : ''}`;
}
