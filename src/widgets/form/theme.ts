/**
 * The rjsf theme: a plain registry of Arco-based widgets and templates, and the widgets modules bring. Replacing a
 * control means replacing one entry here; widgets know nothing of the engine or the app.
 */
import type { RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { modulePartName } from '../../shared/module-parts';
import { BaseInputTemplate } from './BaseInputTemplate';
import { CaptchaWidget } from './CaptchaWidget';
import { lazyWidget } from './lazy-widget';
import { FieldErrorTemplate, FieldTemplate } from './FieldTemplate';
import {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ErrorListTemplate,
  ObjectFieldTemplate,
  SubmitButton,
} from './layout-templates';
import type { WidgetName } from './widget-names';

const coreWidgets: Record<WidgetName, RegistryWidgetsType[string]> = {
  captcha: CaptchaWidget,
  select: lazyWidget(async () => (await import('./choice-widgets')).SelectWidget),
  radio: lazyWidget(async () => (await import('./choice-widgets')).RadioWidget),
  textarea: lazyWidget(async () => (await import('./choice-widgets')).TextareaWidget),
  smsCode: lazyWidget(async () => (await import('./SmsCodeWidget')).SmsCodeWidget),
  date: lazyWidget(async () => (await import('./date-widget')).DateWidget),
  multiSelect: lazyWidget(async () => (await import('./multi-widgets')).MultiSelectWidget),
  treeCheck: lazyWidget(async () => (await import('./multi-widgets')).TreeCheckWidget),
  image: lazyWidget(async () => (await import('./image-widget')).ImageWidget),
  images: lazyWidget(async () => (await import('./images-widget')).ImagesWidget),
  attachments: lazyWidget(async () => (await import('./attachments-widget')).AttachmentsWidget),
  richText: lazyWidget(async () => (await import('./rich-text-widget')).RichTextWidget),
};

// The widgets modules bring (`modules/<m>/widgets/<name>.tsx`, default export), loaded when a form first shows one.
const moduleWidgets = Object.fromEntries(
  Object.entries(import.meta.glob<ComponentType<WidgetProps>>('/modules/*/widgets/*.tsx', { import: 'default' })).map(
    ([file, load]) => [modulePartName(file), lazyWidget(load)],
  ),
);

/** Every widget a form may name in `ui:widget`: the portal's, then the modules' (schemas:check refuses a clash). */
export const formWidgets: RegistryWidgetsType = { ...coreWidgets, ...moduleWidgets };

export const formTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  FieldErrorTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate,
  ButtonTemplates: { SubmitButton } as TemplatesType['ButtonTemplates'],
};

export type { FormWidgetContext, ChoiceOption } from './form-context';
