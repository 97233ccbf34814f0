/**
 * The create/edit dialog of a CRUD page: the action's form, filled from the row (loaded fresh when the action
 * names a `load` call), saved through the action's API. The row's key travels with the values, so a URL
 * template such as `/api/system/dictionary/{id}` is filled from them.
 */
import { Alert, Button, Descriptions, Modal, Typography } from '@arco-design/web-react';
import '@arco-design/web-react/es/Alert/style/css.js';
import '@arco-design/web-react/es/Descriptions/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Typography/style/css.js';
import { useEffect, useState } from 'react';
import { pickPath } from '../../api';
import { runAction } from '../../actions';
import { LoadFailure, Loading } from '../../feedback';
import { SchemaForm, type FormData } from '../../form/SchemaForm';
import { useSeams } from '../../seams';
import { renderTemplate, type TemplateContext } from '../../template';
import type { CrudDialogAction, CrudDialogResult } from '../../types';

export interface CrudDialogProps {
  action: CrudDialogAction;
  /** The row being edited, or the context of a new one (the chosen tree node as `$tree`). */
  context: TemplateContext;
  /** The page's own context (the user, the selected project): `fromRow` templates and option sources read it. */
  host?: TemplateContext;
  rowKey: string;
  /** Values of a link for the form's own fields (a create dialog opened by `?create=1&...`). */
  preset?: Record<string, string>;
  onClose: () => void;
  onSaved: () => void;
}

/** A field the row leaves empty (null, or '' as the server sends an unset text) starts empty in the form. */
function withoutEmpty(values: Record<string, unknown>): FormData {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );
}

/** The answer's values the user must see once, each copyable, until they close the dialog. */
function SavedResult({ result, data, onClose }: { result: CrudDialogResult; data: unknown; onClose: () => void }) {
  return (
    <div data-testid="crud-dialog-result">
      {result.notice && <Alert type="warning" content={result.notice} style={{ marginBottom: 16 }} />}
      <Descriptions
        column={1}
        border
        data={result.fields.map(({ field, title }) => ({
          label: title,
          value: (
            <Typography.Text copyable style={{ marginBottom: 0, wordBreak: 'break-all' }}>
              {String(pickPath(data, field) ?? '')}
            </Typography.Text>
          ),
        }))}
      />
      <div style={{ marginTop: 16, textAlign: 'right' }}>
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      </div>
    </div>
  );
}

export function CrudDialog({ action, context, host = {}, rowKey, preset, onClose, onSaved }: CrudDialogProps) {
  const seams = useSeams();
  // After saving, an action with a `result` shows what the answer holds instead of closing.
  const [saved, setSaved] = useState<{ data: unknown } | null>(null);
  const [initial, setInitial] = useState<FormData | null>(action.load ? null : initialFrom(context));
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  function initialFrom(source: TemplateContext): FormData {
    const fromRow = action.fromRow
      ? (renderTemplate(action.fromRow, { ...host, ...source }) as Record<string, unknown>)
      : {};
    const key = source[rowKey];
    return withoutEmpty({
      ...(action.load || action.fromRow ? {} : source),
      ...fromRow,
      ...(key ? { [rowKey]: key } : {}),
    });
  }

  useEffect(() => {
    if (!action.load) return;
    let live = true;
    setError(null);
    runAction(seams, { api: action.load }, { ...action.params, [rowKey]: context[rowKey] }).then(
      (envelope) => {
        const loaded = pickPath(envelope, action.load?.resultPath);
        const row = (
          action.loadInto && Array.isArray(loaded)
            ? { [action.loadInto.field]: loaded.map((item: Record<string, unknown>) => item[action.loadInto!.from]) }
            : (loaded ?? {})
        ) as Record<string, unknown>;
        if (live) setInitial(withoutEmpty({ ...row, ...initialFrom({ ...context, ...row }) }));
      },
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
    // The dialog loads its row once per attempt; context and action are fixed while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return (
    <Modal
      visible
      title={saved && action.result ? action.result.title : action.title}
      style={{ width: action.width ?? 720 }}
      footer={null}
      maskClosable={false}
      onCancel={onClose}
      unmountOnExit
    >
      {saved && action.result ? (
        <SavedResult result={action.result} data={saved.data} onClose={onClose} />
      ) : error ? (
        <LoadFailure error={error} onRetry={() => setAttempt((count) => count + 1)} />
      ) : initial ? (
        <SchemaForm
          formId={action.form}
          initialData={initial}
          preset={preset}
          context={{ ...host, ...context }}
          actions={[{ api: action.api, params: action.body, successMessage: action.successMessage ?? '保存成功' }]}
          onSubmitted={(envelope) => {
            onSaved();
            if (action.result) setSaved({ data: pickPath(envelope, action.api.resultPath ?? 'data') });
            else onClose();
          }}
          testId="crud-dialog-form"
        />
      ) : (
        <Loading />
      )}
    </Modal>
  );
}
