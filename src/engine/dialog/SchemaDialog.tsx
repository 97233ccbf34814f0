/**
 * Renders a dialog schema file: an Arco Modal of the file's width and title around its form. Closing unmounts
 * the form, so a reopened dialog starts empty.
 */
import { Modal } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import { SchemaForm, type SchemaFormProps } from '../form/SchemaForm';
import { loadDialog } from '../schema-files';
import { useSchemaFile } from '../use-schema-file';
import { LoadFailure, Loading } from '../feedback';

export interface SchemaDialogProps extends Omit<SchemaFormProps, 'formId'> {
  dialogId: string;
  visible: boolean;
  onClose: () => void;
  /** Overrides the file's `closable` (a forced password change cannot be dismissed). */
  closable?: boolean;
}

export function SchemaDialog({ dialogId, visible, onClose, closable, ...formProps }: SchemaDialogProps) {
  const { file, error, retry } = useSchemaFile(loadDialog, dialogId, visible);

  return (
    <Modal
      visible={visible}
      title={file?.title}
      style={{ width: file?.width }}
      footer={null}
      closable={closable ?? file?.closable ?? true}
      escToExit={closable ?? file?.closable ?? true}
      maskClosable={file?.maskClosable ?? false}
      onCancel={onClose}
      unmountOnExit
    >
      {error ? (
        <LoadFailure error={error} onRetry={retry} />
      ) : file ? (
        <SchemaForm formId={file.form} {...formProps} />
      ) : (
        <Loading />
      )}
    </Modal>
  );
}
