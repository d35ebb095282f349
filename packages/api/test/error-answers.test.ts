/** Each endpoint's error answers (docs/http-contract.md §1): listed codes plus the derived ones, by status. */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, answersWith, derivedErrorCodes, endpoint, endpointErrorCodes, errorAnswers, errorStatus, isErrorCode, openApiErrorResponses, type Endpoint } from '../src/index.ts';
import { z } from 'zod';

describe('error answers of a descriptor', () => {
  it('derive the common codes from auth, method, input and rate limit', () => {
    expect(derivedErrorCodes(ENDPOINTS.land)).toEqual(['UNHANDLED_ERROR', 'MAINTENANCE', 'VALIDATION_ERROR']);
    expect(derivedErrorCodes(ENDPOINTS.config)).toEqual(['UNHANDLED_ERROR']);
    expect(derivedErrorCodes(ENDPOINTS.vendorPurchase)).toEqual(['UNHANDLED_ERROR', 'MAINTENANCE', 'USER_NOT_AUTH', 'ACCOUNT_SUSPENDED', 'CSRF_TOKEN_MISMATCH', 'VALIDATION_ERROR']);
    expect(derivedErrorCodes(ENDPOINTS.authLogin)).not.toContain('MAINTENANCE');
    expect(derivedErrorCodes(ENDPOINTS.authChallenge)).toContain('TOO_MANY_REQUESTS');
  });

  it('a descriptor without `errors` still answers the derived ones', () => {
    const later = endpoint({ operationId: 'later', method: 'POST', path: '/later', summary: 's', tags: [], auth: 'session', body: z.object({}), response: null });
    expect(endpointErrorCodes(later as Endpoint)).toEqual(['USER_NOT_AUTH', 'ACCOUNT_SUSPENDED', 'CSRF_TOKEN_MISMATCH', 'VALIDATION_ERROR', 'UNHANDLED_ERROR', 'MAINTENANCE']);
    expect(answersWith(later, 401, 'USER_NOT_AUTH')).toBe(true);
    expect(answersWith(later, 415, 'VALIDATION_ERROR')).toBe(true);
    expect(answersWith(later, 404, 'NOT_FOUND')).toBe(false);
  });

  it('group by the catalogue status, every code in the catalogue, for every descriptor', () => {
    for (const e of Object.values(ENDPOINTS) as Endpoint[]) {
      for (const { status, codes } of errorAnswers(e)) {
        for (const c of codes) {
          expect(isErrorCode(c), `${e.operationId} ${c}`).toBe(true);
          expect([errorStatus(c), ...(c === 'VALIDATION_ERROR' && e.method !== 'GET' ? [400, 413, 415] : [])], `${e.operationId} ${c}`).toContain(status);
        }
      }
      expect(errorAnswers(e).flatMap((a) => a.codes)).toEqual(expect.arrayContaining([...(e.errors ?? [])]));
    }
    expect(errorAnswers(ENDPOINTS.land)).toEqual([{ status: 404, codes: ['LAND_NOT_AVAILABLE'] }, { status: 422, codes: ['VALIDATION_ERROR'] }, { status: 500, codes: ['UNHANDLED_ERROR'] }, { status: 503, codes: ['MAINTENANCE'] }]);
  });

  it('are OpenAPI responses: the codes in the description with their messages and as the enum of `error`', () => {
    const r = openApiErrorResponses(ENDPOINTS.mintCreate);
    expect(Object.keys(r)).toEqual(['400', '401', '403', '404', '409', '413', '415', '419', '422', '429', '500', '503']);
    expect(r['409']!.description).toContain("`LAND_SOLD_OUT`: This Land is already minted!");
    const schema = r['409']!.content['application/json'].schema as { required: string[]; properties: { error: { enum: string[] } } };
    expect(schema.required).toEqual(['error', 'message']);
    expect(schema.properties.error.enum).toEqual(expect.arrayContaining(['LAND_SOLD_OUT', 'PENDING_TRANSACTION']));
  });
});
