/**
 * The names a schema may use in `ui:widget`, beside rjsf's built-in ones (text, password, email, hidden, ...).
 * Plain data so that `schemas:check` (Node) can tell a configurator about a misspelt widget.
 */
export const customWidgetNames = [
  'captcha',
  'smsCode',
  'select',
  'radio',
  'textarea',
  'date',
  'multiSelect',
  'treeCheck',
  'image',
  'images',
  'attachments',
  'richText',
] as const;
export type WidgetName = (typeof customWidgetNames)[number];

export const builtInWidgetNames = [
  'text',
  'password',
  'email',
  'hidden',
  'url',
  'updown',
  'checkbox',
  'checkboxes',
  'datetime',
  'range',
] as const;
