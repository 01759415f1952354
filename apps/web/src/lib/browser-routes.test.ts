import { describe, expect, it } from 'vitest';
import * as contracts from '@tender/contracts';
import * as browser from '@tender/contracts/browser';
import * as signedIn from './routes';

const groups = [
  [browser.authRoutes, contracts.auth],
  [browser.publicRoutes, contracts.publicApi],
  [browser.supplierRoutes, contracts.supplierApi],
  [browser.tenderRoutes, contracts.tenderApi],
  [browser.announcementRoutes, contracts.announcementApi],
  [signedIn.tenderRoutes, contracts.tenderApi],
  [signedIn.notificationRoutes, contracts.notificationApi],
  [signedIn.bondRoutes, contracts.bondApi],
] as const;

describe('the browser route refs', () => {
  it('each has the method and path of the contract route of the same name', () => {
    for (const [refs, contract] of groups) {
      for (const [name, ref] of Object.entries(refs)) {
        const route = (contract as Record<string, unknown>)[name] as typeof ref | undefined;
        expect({ name, method: route?.method, path: route?.path }).toEqual({
          name,
          method: ref.method,
          path: ref.path,
        });
      }
    }
  });

  it('the API base and reply codes are the envelope’s', () => {
    expect(browser.BROWSER_API_BASE).toBe(contracts.API_BASE);
    expect(browser.BROWSER_SUCCESS_CODES).toEqual(contracts.SUCCESS_CODES);
    expect(browser.BROWSER_LOGGED_OUT_CODES).toEqual(contracts.LOGGED_OUT_CODES);
  });
});
