/**
 * What a form renderer offers its widgets through rjsf's `formContext`. Widgets stay free of the engine: they
 * hand the opaque `ui:options` data (an action, an options source) back to these functions, which the engine
 * implements with its transport and the form's own validator.
 */
export type UploadKind = 'image' | 'attachment';

export interface ChoiceOption {
  label: string;
  value: string | number;
  /** A tree source (`ui:options.source.children`) nests options. */
  children?: ChoiceOption[];
}

/**
 * rjsf compares contexts with a deep equality that ignores functions: whatever changes must travel as data
 * (`invalidFields`), and the functions here must read the form's latest state themselves.
 */
export interface FormWidgetContext {
  /** Grows by one after every failed submit: a captcha shows a new image then. */
  submitFailures?: number;
  submitting?: boolean;
  /** A second button beside submit (a wizard's 上一步). */
  secondaryAction?: { label: string; onClick: () => void };
  /** The fields whose current value breaks a rule of the schema file. */
  invalidFields?: readonly string[];
  /** Ids of fields not shown for the current values (`ui:options.showWhen`). */
  hiddenFields?: readonly string[];
  /** Runs an action written in a widget's `ui:options` against the form's values; true when it succeeded. */
  runAction?: (action: unknown) => Promise<boolean>;
  /** Loads the options an options `source` of `ui:options` describes. */
  loadOptions?: (source: unknown) => Promise<ChoiceOption[]>;
  /**
   * Uploads a file (an image by default, or an attachment: PDF, Office, DWG or an image) and resolves with the
   * address the form keeps; rejects when the upload failed, after the transport has shown the server's reason.
   */
  uploadFile?: (file: File, kind?: UploadKind) => Promise<string>;
  /**
   * The form's submit waits for `pending` before it sends: a widget whose value means something only once its own
   * request has answered (a captcha code, bound to the browser by the cookie of its image's response).
   */
  holdSubmit?: (pending: Promise<void>) => void;
}

export function widgetContext(formContext: unknown): FormWidgetContext {
  return (formContext ?? {}) as FormWidgetContext;
}
