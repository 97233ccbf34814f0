/**
 * The client's side of the server's first screen (src/shared/first-screen.ts): the answers the document carries
 * serve the client's first calls, each once and only in the first seconds; the answers' element cannot be closed
 * by what the data holds; the session's cookies follow what is stored.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayingFetch, REPLAY_MS, takeDocumentAnswers } from '../../src/app/first-screen/replay';
import { mirrorSessionCookies, removeStored, writeStored } from '../../src/app/session/storage';
import {
  answersElement,
  FIRST_SCREEN_ANSWERS_ID,
  FIRST_SCREEN_PROJECT_COOKIE,
  FIRST_SCREEN_TOKEN_COOKIE,
  type FirstScreenAnswer,
} from '../../src/shared/first-screen';

afterEach(() => {
  localStorage.clear();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

const LIST: FirstScreenAnswer = {
  method: 'GET',
  url: '/api/system/dictionary/list?pageNo=1&pageSize=10',
  body: '',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  text: '{"msgCode":0,"errMsg":"","data":{"total":1}}',
};
const MENUS: FirstScreenAnswer = {
  method: 'POST',
  url: '/api/zhgd/menu/roleMenuList',
  body: '{"type":"1","officeId":"o1"}',
  status: 200,
  contentType: 'application/json',
  text: '{"msgCode":0,"errMsg":"","data":[]}',
};

function network() {
  return vi.fn<typeof fetch>(async () => new Response('{"msgCode":0,"errMsg":"","data":"network"}'));
}

describe('replayingFetch', () => {
  it('answers a call the server made, once, with its status and text; the same call again goes to the network', async () => {
    const fetcher = network();
    const replaying = replayingFetch([LIST], fetcher);
    const first = await replaying(LIST.url, { method: 'GET' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ msgCode: 0, errMsg: '', data: { total: 1 } });
    expect(fetcher).not.toHaveBeenCalled();
    await replaying(LIST.url, { method: 'GET' });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('matches method, URL with its query, and body', async () => {
    const fetcher = network();
    const replaying = replayingFetch([LIST, MENUS], fetcher);
    await replaying('/api/system/dictionary/list?pageNo=2&pageSize=10', { method: 'GET' });
    await replaying(MENUS.url, { method: 'POST', body: '{"type":"2","officeId":"o1"}' });
    await replaying(LIST.url, { method: 'POST', body: '' });
    expect(fetcher).toHaveBeenCalledTimes(3);
    await replaying(MENUS.url, { method: 'POST', body: MENUS.body });
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('answers only in the first seconds: a later call asks the server', async () => {
    let now = 1_000;
    const fetcher = network();
    const replaying = replayingFetch([LIST], fetcher, () => now);
    now += REPLAY_MS;
    await replaying(LIST.url, { method: 'GET' });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

describe('the answers in the document', () => {
  it('are taken out of the document once', () => {
    document.body.innerHTML = answersElement([LIST]);
    expect(takeDocumentAnswers()).toEqual([LIST]);
    expect(document.getElementById(FIRST_SCREEN_ANSWERS_ID)).toBeNull();
    expect(takeDocumentAnswers()).toBeUndefined();
  });

  it('cannot be closed by the data they carry', () => {
    const hostile = { ...LIST, text: '</script><script>alert(1)</script>\u2028' };
    const element = answersElement([hostile]);
    expect(element.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = element;
    expect(takeDocumentAnswers()).toEqual([hostile]);
  });
});

describe('the session cookies', () => {
  it('carry the stored access token and project id, for documents only, and go when the session goes', () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    writeStored('tokenInfo', { access_token: 'a.b.c', refresh_token: 'r' });
    writeStored('selectInfo', { projectId: 'project-1', logPath: 'data:image/svg+xml;base64,AAAA' });
    const last = (name: string) => written.filter((cookie) => cookie.startsWith(`${name}=`)).at(-1) ?? '';
    expect(last(FIRST_SCREEN_TOKEN_COOKIE)).toMatch(
      /^zhgd_screen_token=a\.b\.c; path=\/app; max-age=\d+; samesite=strict$/,
    );
    expect(last(FIRST_SCREEN_PROJECT_COOKIE)).toMatch(/^zhgd_screen_project=project-1; path=\/app;/);

    removeStored('tokenInfo');
    expect(last(FIRST_SCREEN_TOKEN_COOKIE)).toMatch(/^zhgd_screen_token=; path=\/app; max-age=0;/);
    localStorage.clear();
    mirrorSessionCookies();
    expect(last(FIRST_SCREEN_PROJECT_COOKIE)).toMatch(/^zhgd_screen_project=; path=\/app; max-age=0;/);
  });
});
