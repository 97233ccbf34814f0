import type { KeyboardEvent } from 'react';

/**
 * `ui:options.enter` of a text field: 'next' moves focus to the form's next input (and does not submit),
 * 'submit' lets the browser submit the form, which is what Enter in a form field does.
 */
export type EnterAction = 'next' | 'submit';

export function handleEnter(event: KeyboardEvent<HTMLInputElement>, action: EnterAction | undefined) {
  if (event.key !== 'Enter' || action !== 'next') return;
  event.preventDefault();
  const form = event.currentTarget.form;
  if (!form) return;
  const inputs = [...form.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([disabled])')];
  inputs[inputs.indexOf(event.currentTarget) + 1]?.focus();
}
