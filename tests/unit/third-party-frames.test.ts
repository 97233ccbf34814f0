/** Whether a third party lets the portal frame it, read from its answer's headers as a browser reads them. */
import { describe, expect, it } from 'vitest';
import { framingVerdict, originOf } from '../../src/server/portal/third-party-frames.js';

const PORTAL = 'https://portal.example.cn';
const verdict = (headers: Record<string, string>, target = 'https://archive.example.cn') =>
  framingVerdict(new Headers(headers), PORTAL, target).state;

describe('framing verdict', () => {
  it('allows what says nothing, refuses X-Frame-Options DENY, and SAMEORIGIN from another origin', () => {
    expect(verdict({})).toBe('allowed');
    expect(verdict({ 'x-frame-options': 'DENY' })).toBe('refused');
    expect(verdict({ 'x-frame-options': 'sameorigin' })).toBe('refused');
    expect(verdict({ 'x-frame-options': 'SAMEORIGIN' }, PORTAL)).toBe('allowed');
  });

  it('reads frame-ancestors, which replaces X-Frame-Options when present', () => {
    expect(verdict({ 'content-security-policy': "default-src 'self'; frame-ancestors 'none'" })).toBe('refused');
    expect(verdict({ 'content-security-policy': 'frame-ancestors *' })).toBe('allowed');
    expect(verdict({ 'content-security-policy': `frame-ancestors ${PORTAL}`, 'x-frame-options': 'DENY' })).toBe(
      'allowed',
    );
    expect(verdict({ 'content-security-policy': 'frame-ancestors https://*.example.cn' })).toBe('allowed');
    expect(verdict({ 'content-security-policy': 'frame-ancestors portal.example.cn' })).toBe('allowed');
    expect(verdict({ 'content-security-policy': 'frame-ancestors https://portal.example.cn:8443' })).toBe('refused');
    expect(verdict({ 'content-security-policy': 'frame-ancestors https://other.example.cn' })).toBe('refused');
    expect(verdict({ 'content-security-policy': "frame-ancestors 'self'" })).toBe('refused');
    expect(verdict({ 'content-security-policy': 'frame-ancestors https:' })).toBe('allowed');
  });

  it('says why in Chinese', () => {
    expect(framingVerdict(new Headers({ 'x-frame-options': 'DENY' }), PORTAL, 'https://a.cn').reason).toBe(
      '对方设置了 X-Frame-Options: DENY，不允许任何网站内嵌',
    );
  });

  it('takes only http(s) origins', () => {
    expect(originOf('https://archive.example.com/?projectName={projectName}')).toBe('https://archive.example.com');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
  });
});
