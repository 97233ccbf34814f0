/**
 * What every form of the engine does around its fields, whichever renderer shows them (rjsf, or the plain one of
 * text fields): the values it keeps, the submit through the file's `submit` action and the engine's transport,
 * the fields a failed submit empties, and the services its widgets call (actions, options, uploads).
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { callApi, pickPath } from '../api';
import { runAction } from '../actions';
import { useSeams, type EngineSeams } from '../seams';
import type { TemplateContext } from '../template';
import type { ApiDescriptor, EngineAction, FormSchemaFile } from '../types';
import type { ChoiceOption, FormWidgetContext, UploadKind } from '../../widgets/form/form-context';

export type FormData = Record<string, unknown>;

export interface SchemaFormProps {
  formId: string;
  initialData?: FormData;
  /**
   * Values from a link (the query of the page that shows the form: a hazard registered from a device warning),
   * over `initialData`: only the form's own fields take them, as their types read them.
   */
  preset?: Record<string, string>;
  /**
   * Values the file's templates may read beside the form's own (`{{account}}`, an earlier step's values);
   * a function receives the form's current values.
   */
  context?: TemplateContext | ((values: FormData) => TemplateContext);
  /** Replaces the file's `submit` (a wizard step that verifies a code, then saves). */
  actions?: readonly EngineAction[];
  /** msgCodes the caller handles itself (e.g. -16001 on login): they reach `onSubmitted`, not `onFailed`. */
  acceptCodes?: readonly number[];
  /** Called with the whole envelope of a successful (or accepted) submit; no submit action gives `undefined`. */
  onSubmitted?: (envelope: unknown, data: FormData) => void | Promise<void>;
  onFailed?: (error: unknown) => void;
  onChange?: (data: FormData) => void;
  /** A second button beside submit (a wizard's 上一步). */
  secondaryAction?: FormWidgetContext['secondaryAction'];
  /** Test id of the wrapper element. */
  testId?: string;
  /**
   * Fields of the host shown between the form's fields and its submit button (the approvers a starter picks): the
   * host keeps and checks their values itself, in `onSubmitted` after the form's own rules passed.
   */
  hostFields?: ReactNode;
}

/**
 * Where a form's files go: the portal's upload service (spec section 7), which answers `data.url`; images (photos,
 * logos) and attachments (PDF, Office, DWG, images) have a call each, with their own types and size limits.
 */
const UPLOAD_APIS: Record<UploadKind, ApiDescriptor> = {
  image: { method: 'POST', url: '/api/zhgd/base/updateFile' },
  attachment: { method: 'POST', url: '/api/zhgd/base/uploadAttachment' },
};

/** Uploads one file to the portal's upload service and answers its address. */
export async function uploadFile(seams: EngineSeams, upload: File, kind: UploadKind = 'image'): Promise<string> {
  const body = new FormData();
  body.append('file', upload);
  const envelope = await callApi(seams, UPLOAD_APIS[kind], { body });
  const url = pickPath(envelope, 'data.url');
  if (typeof url !== 'string') throw new Error('upload answered no address');
  return url;
}

/**
 * `ui:options.source` of a choice field: a call, which members of each row are label and value, and for a tree
 * which member holds the children.
 */
interface OptionsSource {
  api: ApiDescriptor;
  params?: Record<string, unknown>;
  label?: string;
  value?: string;
  children?: string;
  /** 'session': keep the options for the browser session (a dictionary). */
  cache?: 'session';
}

function toOptions(rows: unknown, source: OptionsSource): ChoiceOption[] {
  if (!Array.isArray(rows)) return [];
  return rows.map((row: Record<string, unknown>) => {
    const children = source.children ? toOptions(row[source.children], source) : [];
    return {
      label: String(row[source.label ?? 'label'] ?? ''),
      value: row[source.value ?? 'value'] as ChoiceOption['value'],
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

export type WidgetServices = Pick<FormWidgetContext, 'runAction' | 'loadOptions' | 'uploadFile' | 'holdSubmit'>;

/** A widget's hold on the submit never outlasts this: a request that never answers must not lock the form. */
const HOLD_LIMIT_MS = 10_000;

export function useFormRun(props: SchemaFormProps, file: FormSchemaFile) {
  const { initialData, context, actions, acceptCodes, onSubmitted, onFailed, onChange } = props;
  const seams = useSeams();
  const [formData, setFormData] = useState<FormData>(initialData ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [submitFailures, setSubmitFailures] = useState(0);
  const [triedOnce, setTriedOnce] = useState(false);

  const templateContext = useCallback(
    (values: FormData): TemplateContext => ({
      ...(typeof context === 'function' ? context(values) : context),
      ...values,
    }),
    [context],
  );
  const update = useCallback(
    (next: FormData) => {
      setFormData(next);
      onChange?.(next);
    },
    [onChange],
  );
  const applyPatch = useCallback(
    (patch: FormData) =>
      setFormData((current) => {
        const next = { ...current, ...patch };
        onChange?.(next);
        return next;
      }),
    [onChange],
  );

  // What the submit waits for (FormWidgetContext.holdSubmit); the function stays the same for the form's life, so
  // a widget's effect that names it does not run again.
  const holds = useRef(new Set<Promise<void>>());
  const holdSubmit = useCallback((pending: Promise<void>) => {
    const hold = Promise.race([
      pending.catch(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, HOLD_LIMIT_MS)),
    ]);
    holds.current.add(hold);
    void hold.then(() => holds.current.delete(hold));
  }, []);
  // Widgets call back with the form's latest values, not those of the render that created the callback.
  const latestContext = useRef<TemplateContext>({});
  latestContext.current = templateContext(formData);
  const widgetServices = useMemo<WidgetServices>(
    () => ({
      runAction: async (action) => {
        try {
          await runAction(seams, action as EngineAction, latestContext.current);
          return true;
        } catch {
          return false; // the transport has told the user why
        }
      },
      loadOptions: async (raw) => {
        const source = raw as OptionsSource;
        // Dictionaries are cached in session storage by key (spec section 3): one call per browser session.
        const cacheKey = source.cache === 'session' ? `options:${source.api.method}:${source.api.url}` : undefined;
        const cached = cacheKey ? sessionStorage.getItem(cacheKey) : null;
        if (cached) return JSON.parse(cached) as ChoiceOption[];
        // Params may read the host's context (the selected project of a module form), never the form's values.
        const envelope = await runAction(seams, { api: source.api, params: source.params ?? {} }, templateContext({}));
        const options = toOptions(pickPath(envelope, source.api.resultPath), source);
        if (cacheKey && options.length > 0) sessionStorage.setItem(cacheKey, JSON.stringify(options));
        return options;
      },
      uploadFile: (upload, kind) => uploadFile(seams, upload, kind),
      holdSubmit,
    }),
    [seams, templateContext, holdSubmit],
  );

  // The form file says which of its fields travel encrypted, whichever call sends them (an edit dialog's PUT).
  const withFormCipher = (step: EngineAction): EngineAction => {
    const cipher = file.submit?.api.encrypt;
    return cipher && !step.api.encrypt ? { ...step, api: { ...step.api, encrypt: cipher } } : step;
  };

  /** Sends values that passed the form's rules. */
  const submit = async (values: FormData) => {
    const steps = actions?.map(withFormCipher) ?? (file.submit ? [file.submit] : []);
    if (steps.length === 0) {
      await onSubmitted?.(undefined, values);
      return;
    }
    setSubmitting(true);
    try {
      await Promise.all([...holds.current]);
      let envelope: unknown;
      for (const step of steps) {
        // Without params an action sends exactly the form's values, never the host's context.
        envelope = await runAction(seams, step, step.params ? templateContext(values) : values, { acceptCodes });
      }
      setSubmitting(false);
      await onSubmitted?.(envelope, values);
    } catch (error) {
      // The schema says which fields a failed submit empties (a used captcha code, for one).
      const cleared = Object.fromEntries((file.clearOnFailure ?? []).map((field) => [field, undefined]));
      update({ ...values, ...cleared });
      setSubmitFailures((count) => count + 1);
      setSubmitting(false);
      onFailed?.(error);
    }
  };

  return {
    seams,
    formData,
    update,
    applyPatch,
    submitting,
    submitFailures,
    triedOnce,
    setTriedOnce,
    widgetServices,
    submit,
  };
}
