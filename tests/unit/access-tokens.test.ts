/** Access tokens: signature, expiry and the per-token memory of a checked signature. */
import { describe, expect, it } from 'vitest';
import { AccessTokens } from '../../src/server/accounts/access-tokens';

function tokens(start = Date.UTC(2026, 10, 21, 8, 0, 0)) {
  const clock = { now: start };
  return { clock, service: new AccessTokens(Buffer.alloc(32, 7), 600, () => new Date(clock.now)) };
}

describe('access tokens', () => {
  it('a token it issued is valid and carries user, session and scope', () => {
    const { service } = tokens();
    const verified = service.verify(service.issue('user-1', 'family-1', 'password'));
    expect(verified).toMatchObject({ status: 'valid', claims: { sub: 'user-1', sid: 'family-1', scope: 'password' } });
  });

  it('a token already checked once still expires on time', () => {
    const { clock, service } = tokens();
    const token = service.issue('user-1', 'family-1');
    expect(service.verify(token).status).toBe('valid');
    clock.now += 599_000;
    expect(service.verify(token).status).toBe('valid');
    clock.now += 1_000;
    expect(service.verify(token).status).toBe('expired');
  });

  it('a changed signature or body, another secret or garbage is invalid, even after the genuine token was seen', () => {
    const { service } = tokens();
    const token = service.issue('user-1', 'family-1');
    service.verify(token);
    const [body, signature] = token.split('.');
    const otherBody = Buffer.from(JSON.stringify({ sub: 'admin', sid: 'family-1', exp: 9e9 })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [`${body}.${flipped}`, `${otherBody}.${signature}`, 'garbage', '.x', `${body}.`]) {
      expect(service.verify(forged).status).toBe('invalid');
    }
    const other = new AccessTokens(Buffer.alloc(32, 8), 600);
    expect(other.verify(token).status).toBe('invalid');
  });

  it('the remembered claims cannot be changed by a caller', () => {
    const { service } = tokens();
    const token = service.issue('user-1', 'family-1');
    const first = service.verify(token);
    if (first.status !== 'valid') throw new Error('expected a valid token');
    expect(() => {
      (first.claims as { sub: string }).sub = 'admin';
    }).toThrow();
    expect(service.verify(token)).toMatchObject({ claims: { sub: 'user-1' } });
  });
});
