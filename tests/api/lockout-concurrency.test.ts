/**
 * The login lockout under parallel guesses: every attempt is counted before its password is checked, so a burst of
 * simultaneous wrong passwords gets at most 5 checked, and a right password inside the burst is refused like the
 * rest, also when the burst is spread over two servers sharing the database.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { CAPTCHA_TEXT, encryptLikeBrowser, getCaptchaCookie, json, publicKeys, useTestApp } from './test-app.js';

const t = useTestApp();
const LOCKED = { msgCode: -429, errMsg: '登录失败次数过多，请15分钟后再试' };

async function addUser(loginName: string, password: string): Promise<void> {
  await t.db
    .insertInto('sys_user')
    .values({
      id: `user-${loginName}`,
      login_name: loginName,
      name: '并发',
      password_hash: await hashPassword(password),
      password_changed_at: new Date(),
    })
    .execute();
}

/** A login request ready to fire: its captcha fetched and its password encrypted beforehand. */
async function preparedLogin(app: FastifyInstance, username: string, password: string) {
  const [keys, cookie] = await Promise.all([publicKeys(app), getCaptchaCookie(app)]);
  const payload = { username, password: encryptLikeBrowser(keys.rsaPublicKey, password), validateCode: CAPTCHA_TEXT };
  return (): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'POST', url: '/api/login', headers: { cookie }, payload });
}

const codes = (responses: LightMyRequestResponse[]) => responses.map((response) => json(response).msgCode);

describe('lockout under parallel guesses', () => {
  it('checks at most 5 of 100 simultaneous wrong passwords', async () => {
    await addUser('burst', 'Burst@2026');
    const attempts = await Promise.all(Array.from({ length: 100 }, () => preparedLogin(t.app, 'burst', 'Wrong@2026')));
    const results = codes(await Promise.all(attempts.map((fire) => fire())));
    expect(results.filter((code) => code === -1)).toHaveLength(5);
    expect(results.filter((code) => code === -429)).toHaveLength(95);
    expect(json(await (await preparedLogin(t.app, 'burst', 'Burst@2026'))())).toEqual(LOCKED);
  });

  it('refuses the right password sent in the same burst, over two servers on one database', async () => {
    await addUser('burst2', 'Burst2@2026');
    const other = await t.sibling({});
    const wrong = await Promise.all(
      Array.from({ length: 100 }, (_, i) => preparedLogin(i % 2 === 0 ? t.app : other, 'burst2', 'Wrong@2026')),
    );
    const right = await preparedLogin(other, 'burst2', 'Burst2@2026');
    const responses = await Promise.all([...wrong.map((fire) => fire()), right()]);
    const results = codes(responses);
    // Whatever the order the database saw them in, no more than 5 passwords were checked.
    expect(results.filter((code) => code !== -429).length).toBeLessThanOrEqual(5);
    expect(json(responses.at(-1)!)).toEqual(LOCKED);
    expect(json(await (await preparedLogin(t.app, 'burst2', 'Burst2@2026'))())).toEqual(LOCKED);
  });
});
