/**
 * Renders a wizard schema file: a dialog with a step bar, one form per step, and a result page. Each step's
 * values are kept (上一步 brings them back) and offered to later steps' templates as `steps.<id>`. Closing
 * unmounts everything, so a reopened wizard starts at its first step with empty forms and no countdown.
 */
import { Button, Modal, Result, Steps } from '@arco-design/web-react';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Steps/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import { useState } from 'react';
import { LoadFailure, Loading } from '../feedback';
import { SchemaForm, type FormData } from '../form/SchemaForm';
import { loadWizard } from '../schema-files';
import { useSchemaFile } from '../use-schema-file';
import type { TemplateContext } from '../template';
import type { WizardSchemaFile, WizardStep } from '../types';

export interface SchemaWizardProps {
  wizardId: string;
  visible: boolean;
  onClose: () => void;
  /** Values every step's templates may read. */
  context?: TemplateContext;
  testId?: string;
}

export function SchemaWizard({ wizardId, visible, onClose, context, testId }: SchemaWizardProps) {
  const { file, error, retry } = useSchemaFile(loadWizard, wizardId, visible);

  return (
    <Modal
      visible={visible}
      title={file?.title}
      style={{ width: file?.width }}
      footer={null}
      maskClosable={false}
      onCancel={onClose}
      unmountOnExit
    >
      <div data-testid={testId}>
        {error ? (
          <LoadFailure error={error} onRetry={retry} />
        ) : file ? (
          <WizardSteps file={file} context={context} onClose={onClose} />
        ) : (
          <Loading />
        )}
      </div>
    </Modal>
  );
}

function WizardSteps({
  file,
  context,
  onClose,
}: {
  file: WizardSchemaFile;
  context?: TemplateContext;
  onClose: () => void;
}) {
  const [current, setCurrent] = useState(0);
  const [stepValues, setStepValues] = useState<Record<string, FormData>>({});
  const step = file.steps[current];

  const templateContext = (values: FormData): TemplateContext => {
    const steps = { ...stepValues, [step.id]: values };
    // Earlier steps' fields first, so `{{phoneNumber}}` of step one reaches step two's call.
    return { ...context, ...Object.assign({}, ...Object.values(steps)), steps };
  };

  const advance = (values: FormData) => {
    setStepValues((all) => ({ ...all, [step.id]: values }));
    if (step.after === 'close') onClose();
    else setCurrent((index) => Math.min(index + 1, file.steps.length - 1));
  };

  return (
    <div className="wizard">
      <Steps current={current + 1} size="small" style={{ marginBottom: 28 }}>
        {file.steps.map((item) => (
          <Steps.Step key={item.id} title={item.title} />
        ))}
      </Steps>
      <div className="wizard-body" style={{ maxWidth: 640, margin: '0 auto' }}>
        {step.form ? (
          <SchemaForm
            key={step.id}
            formId={step.form}
            initialData={stepValues[step.id]}
            context={templateContext}
            actions={step.actions}
            secondaryAction={
              step.back && current > 0
                ? { label: '上一步', onClick: () => setCurrent((index) => index - 1) }
                : undefined
            }
            onChange={(values) => setStepValues((all) => ({ ...all, [step.id]: values }))}
            onSubmitted={(_envelope, values) => advance(values)}
            testId={`wizard-step-${step.id}`}
          />
        ) : (
          <WizardResultPage step={step} onClose={onClose} />
        )}
      </div>
    </div>
  );
}

function WizardResultPage({ step, onClose }: { step: WizardStep; onClose: () => void }) {
  const result = step.result ?? { title: step.title };
  return (
    <Result
      status="success"
      title={result.title}
      subTitle={result.description}
      extra={
        <Button type="primary" onClick={onClose}>
          {result.buttonText ?? '完成'}
        </Button>
      }
    />
  );
}
