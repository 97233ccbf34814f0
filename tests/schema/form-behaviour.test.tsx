/**
 * Behaviour the schema files describe and the engine carries out: the send-code button of spec section 4 and
 * a form effect (an ID number fills sex and birthday). The transport is a recording fake; the server's side
 * of these calls is covered by the API tests.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../../src/engine/form/SchemaForm';
// rjsf's renderer loads on demand in the app: here it is in memory from the start (the tests wait on the form, not
// on a chunk), as after the first form that needed it.
import '../../src/engine/form/RjsfForm';
import { EngineProvider, type RequestOptions } from '../../src/engine/seams';
import { fakeSeams } from '../support/fake-seams';

// Arco's DatePicker closes its popup on a 100 ms timer: let it fire while the page still exists, not after the
// file's environment is gone (an uncaught "window is not defined" then fails the run).
const DATE_PICKER_CLOSE_MS = 100;

afterEach(async () => {
  vi.useRealTimers();
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, DATE_PICKER_CLOSE_MS + 50));
});

function renderForm(formId: string, answer?: (request: RequestOptions) => unknown) {
  const fake = fakeSeams(answer);
  render(
    <EngineProvider seams={fake.seams}>
      <SchemaForm formId={formId} testId="form" />
    </EngineProvider>,
  );
  return fake;
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('send-code button (phone login)', () => {
  it('is disabled until the phone is valid, then counts down 60 s in 1 s ticks and returns to 发送验证码', async () => {
    const { requests } = renderForm('phone-login');
    const button = await screen.findByTestId('phone-login_smsCode-send');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toBe('发送验证码');

    type(document.getElementById('phone-login_phone')!, '1380000000');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    type(document.getElementById('phone-login_phone')!, '16800000001');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    type(document.getElementById('phone-login_phone')!, '13800000001');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/api/system/sendCode/getCode',
        query: { phone: '13800000001', purpose: 'login' },
      }),
    ]);
    expect(button.textContent).toBe('60秒后重新发送');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('59秒后重新发送');
    for (let second = 0; second < 59; second += 1) {
      await act(async () => {
        vi.advanceTimersByTime(1000);
      });
    }
    expect(button.textContent).toBe('发送验证码');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('a failed send (a throttle, say) starts no countdown', async () => {
    renderForm('phone-login', (request) => {
      if (request.url.includes('sendCode')) throw new Error('验证码发送过于频繁，请60秒后再试');
      return { msgCode: 0, errMsg: '' };
    });
    const button = await screen.findByTestId('phone-login_smsCode-send');
    type(document.getElementById('phone-login_phone')!, '13800000001');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('发送验证码');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('form effects (individual registration)', () => {
  it('a valid ID number asks the server for sex and birthday and fills both fields', async () => {
    const { requests } = renderForm('register', (request) =>
      request.url === '/api/pub/getBirthAndSex'
        ? { msgCode: 0, errMsg: '', data: { sex: '女', birthday: '1949-12-31' } }
        : { msgCode: 0, errMsg: '', data: [{ label: '汉族', value: '01' }] },
    );
    const idInput = await screen.findByPlaceholderText('请输入18位身份证号码');
    type(idInput, '1101051949123100');
    await act(async () => undefined);
    expect(requests.filter((request) => request.url === '/api/pub/getBirthAndSex')).toEqual([]);

    type(idInput, '11010519491231002X');
    await waitFor(() =>
      expect(requests.filter((request) => request.url === '/api/pub/getBirthAndSex')).toEqual([
        expect.objectContaining({ method: 'POST', body: { idCard: '11010519491231002X' } }),
      ]),
    );
    await waitFor(() => expect((screen.getByLabelText('女') as HTMLInputElement).checked).toBe(true));
    await waitFor(() =>
      expect((document.getElementById('register_birthday') as HTMLInputElement).value).toBe('1949-12-31'),
    );
  });
});

describe('dictionary options', () => {
  it('are cached in session storage by key: a second form asks the server no more', async () => {
    sessionStorage.clear();
    const answer = (request: RequestOptions) =>
      request.url === '/api/register/getNation'
        ? { msgCode: 0, errMsg: '', data: [{ label: '汉族', value: '01' }] }
        : { msgCode: 0, errMsg: '' };
    const first = renderForm('register', answer);
    await waitFor(() => expect(first.requests.some((request) => request.url === '/api/register/getNation')).toBe(true));
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    cleanup();
    const second = renderForm('register', answer);
    await screen.findByPlaceholderText('请输入18位身份证号码');
    await act(async () => undefined);
    expect(second.requests.filter((request) => request.url === '/api/register/getNation')).toEqual([]);
  });
});

describe('encrypted fields', () => {
  it('a call that sends the form instead of its submit encrypts the fields the form file names', async () => {
    const fake = fakeSeams(() => ({ msgCode: 0, errMsg: '' }));
    render(
      <EngineProvider seams={fake.seams}>
        <SchemaForm formId="login" testId="form" actions={[{ api: { method: 'POST', url: '/api/elsewhere' } }]} />
      </EngineProvider>,
    );
    const account = await screen.findByPlaceholderText('请输入账号');
    type(account, 'admin');
    type(document.getElementById('login_password')!, 'Admin@2026');
    type(document.getElementById('login_validateCode')!, '2468');
    await act(async () => {
      fireEvent.submit(account.closest('form')!);
    });
    await waitFor(() => expect(fake.requests).toHaveLength(1));
    expect(fake.requests[0]).toMatchObject({
      url: '/api/elsewhere',
      body: { username: 'admin', password: 'rsa(Admin@2026)', validateCode: '2468' },
    });
  });
});
