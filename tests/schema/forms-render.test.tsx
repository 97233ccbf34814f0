import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaForm } from '../../src/engine/form/SchemaForm';
// rjsf's renderer loads on demand in the app: here it is in memory from the start (the tests wait on the form, not
// on a chunk), as after the first form that needed it.
import '../../src/engine/form/RjsfForm';
import { formIds } from '../../src/engine/schema-files';
import { EngineProvider } from '../../src/engine/seams';
import { fakeSeams } from '../support/fake-seams';

afterEach(cleanup);

function renderForm(formId: string, seams = fakeSeams().seams) {
  return render(
    <EngineProvider seams={seams}>
      <SchemaForm formId={formId} testId="form" />
    </EngineProvider>,
  );
}

describe('every form schema renders', () => {
  it.each(formIds())('%s', async (formId) => {
    const { container } = renderForm(formId);
    await screen.findByTestId('form');
    // Widgets load on demand: snapshot the form once every one of them has arrived.
    await waitFor(() => expect(container.querySelector('.sf-widget-loading')).toBeNull());
    await act(async () => undefined);
    // Image sources carry a timestamp: keep the snapshot stable.
    container.querySelectorAll('img').forEach((image) => image.setAttribute('src', '[captcha]'));
    // Arco numbers its select popups in the order they are made: the snapshot of one form must not depend on
    // how many forms rendered before it.
    expect(container.innerHTML.replace(/arco-select-popup-\d+/g, 'arco-select-popup-n')).toMatchSnapshot();
  });
});

describe('validation messages come from the schema file', () => {
  const loginFile = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/forms/login.json'), 'utf8'));

  it('an empty login form shows each required message of the file under its field', async () => {
    const { seams, requests } = fakeSeams();
    renderForm('login', seams);
    const form = await screen.findByTestId('form');
    await act(async () => {
      fireEvent.submit(form.querySelector('form') as HTMLFormElement);
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(
      ['username', 'password', 'validateCode'].map((field) => loginFile.schema.properties[field].errorMessage.required),
    );
    expect(requests).toEqual([]);
  });

  it('a filled form submits through the descriptor, encrypting the password', async () => {
    const { seams, requests } = fakeSeams();
    renderForm('login', seams);
    await screen.findByTestId('form');
    fireEvent.change(document.getElementById('login_username') as HTMLElement, { target: { value: 'admin' } });
    fireEvent.change(document.getElementById('login_password') as HTMLElement, { target: { value: 'Admin@2026' } });
    fireEvent.change(document.getElementById('login_validateCode') as HTMLElement, { target: { value: 'abcd' } });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('form').querySelector('form') as HTMLFormElement);
    });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/login',
      body: { username: 'admin', password: 'rsa(Admin@2026)', validateCode: 'abcd' },
    });
  });
});
