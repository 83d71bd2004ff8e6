const MASK = '••••••';
const VISIBLE = 4;

/**
 * An activation code as the back office lists it: only the last 4 characters, enough to tell codes
 * apart or match one against a complaint, never enough to use it. A code of 8 characters or fewer
 * shows at most half of itself.
 */
export function maskCode(code: string): string {
  const visible = Math.min(VISIBLE, Math.floor(code.length / 2));
  return `${MASK}${visible > 0 ? code.slice(-visible) : ''}`;
}
