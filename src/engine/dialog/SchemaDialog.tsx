/** Renders a dialog schema file: an Arco Modal of the file's width and title around its form. */
import { Modal } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import { useEffect, useState } from 'react';
import { SchemaForm, type SchemaFormProps } from '../form/SchemaForm';
import { loadDialog } from '../registry';
import type { DialogSchemaFile } from '../types';
import { LoadFailure, Loading } from '../feedback';

export interface SchemaDialogProps extends Omit<SchemaFormProps, 'formId'> {
  dialogId: string;
  visible: boolean;
  onClose: () => void;
}

export function SchemaDialog({ dialogId, visible, onClose, ...formProps }: SchemaDialogProps) {
  const [file, setFile] = useState<DialogSchemaFile | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!visible) return;
    let live = true;
    loadDialog(dialogId).then(
      (loaded) => live && setFile(loaded),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [dialogId, visible, attempt]);

  return (
    <Modal
      visible={visible}
      title={file?.title}
      style={{ width: file?.width }}
      footer={null}
      closable={file?.closable ?? true}
      maskClosable={file?.maskClosable ?? false}
      onCancel={onClose}
      unmountOnExit
    >
      {error ? (
        <LoadFailure
          error={error}
          onRetry={() => {
            setError(null);
            setAttempt((count) => count + 1);
          }}
        />
      ) : file ? (
        <SchemaForm formId={file.form} {...formProps} />
      ) : (
        <Loading />
      )}
    </Modal>
  );
}
