import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, SPEC_ERROR_MESSAGES, errorStatus, isErrorCode, loginRequest, listQuery, faucetRequest } from '../src/index.ts';

describe('error catalogue (docs/product.md §8)', () => {
  it('keeps the spec messages exactly', () => {
    expect(ERROR_MESSAGES.USER_NOT_AUTH).toBe('Your session has expired!');
    expect(ERROR_MESSAGES.SLOT_ALREADY_USE).toBe('There is already a worker in this slot.');
    expect(ERROR_MESSAGES.MINT_REMOVE_COORS).toBe("Please set the coordinates settings to 'Any'");
    expect(ERROR_MESSAGES.VENDOR_NOT_ENOUGH_BALANCE).toBe('You do not have such amount on your account balance');
    expect(Object.keys(SPEC_ERROR_MESSAGES)).toHaveLength(44);
  });

  it('maps statuses: 401 only for USER_NOT_AUTH-like codes, 419 CSRF, 400 by default', () => {
    expect(errorStatus('USER_NOT_AUTH')).toBe(401);
    expect(errorStatus('CSRF_TOKEN_MISMATCH')).toBe(419);
    expect(errorStatus('SLOT_NOT_AVAILABLE')).toBe(400);
    expect(errorStatus('UNHANDLED_ERROR')).toBe(500);
    expect(isErrorCode('WORKER_IS_SET')).toBe(true);
    expect(isErrorCode('nope')).toBe(false);
  });
});

describe('schemas', () => {
  it('reject unknown fields in requests', () => {
    expect(loginRequest.safeParse({ chain: 'solana', address: 'a', message: 'm', signature: 's', extra: 1 }).success).toBe(false);
    expect(loginRequest.safeParse({ chain: 'bitcoin', address: 'a', message: 'm', signature: 's' }).success).toBe(false);
  });

  it('parse list queries (my=true, page from a string)', () => {
    expect(listQuery.parse({ my: 'true', page: '3' })).toEqual({ my: true, page: 3 });
    expect(listQuery.parse({})).toEqual({ page: 1 });
    expect(listQuery.safeParse({ page: '0' }).success).toBe(false);
  });

  it('faucet amounts are whole tokens as digit strings', () => {
    expect(faucetRequest.parse({ address: 'x', hexo: '10' })).toMatchObject({ lands: 0, tools: 0, hexo: '10', exo: '0' });
    expect(faucetRequest.safeParse({ address: 'x', hexo: '1.5' }).success).toBe(false);
  });
});
