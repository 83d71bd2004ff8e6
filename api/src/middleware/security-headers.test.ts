import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

/** What helmet itself sets on a real response. */
function setByHelmet(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => undefined);
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

const lowerCased = (headers: Array<[string, string]>) => Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));

describe('security headers worked out once', () => {
  it('are exactly the headers helmet sets on a response', () => {
    const options: HelmetOptions = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } } };
    expect(lowerCased(helmetHeaders(options))).toEqual(setByHelmet(options));
    expect(lowerCased(helmetHeaders({}))).toEqual(setByHelmet({}));
  });
});
