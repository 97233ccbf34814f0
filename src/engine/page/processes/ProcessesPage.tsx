/**
 * A `processes` page (发起流程): the approvals the user may start, by category, with a search; choosing one opens
 * its starter's form, rendered by the form engine from the process file's form and validated like every form, with
 * the approvers the flow lets the starter choose and the attachments below it. Submitting makes the file's `start`
 * call and opens the new approval (`opens`). Every call and route is the file's.
 */
import { Button, Empty, Input, Modal, Select } from '@arco-design/web-react';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Empty/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Select/style/css.js';
import { useEffect, useRef, useState } from 'react';
import { AttachmentUpload } from '../../../widgets/form/attachments-widget';
import { pickPath } from '../../api';
import { runAction } from '../../actions';
import { LoadFailure, Loading } from '../../feedback';
import { SchemaForm, uploadFile } from '../../form/SchemaForm';
import { processFormId } from '../../schema-files';
import type { PageRendererProps } from '../../renderers';
import { useCan, useSeams } from '../../seams';
import { PageDenied } from '../page-access';
import { renderTemplate, type TemplateContext } from '../../template';
import type { ProcessesPageFile } from '../../types';
import { useApi } from '../../use-api';
import './processes-page.css';

interface Definition {
  processId: string;
  name: string;
  category: string;
  description: string;
}

interface Category {
  category: string;
  definitions: Definition[];
}

interface DefinitionDetail extends Definition {
  starterChosen: { nodeId: string; name: string }[];
}

interface Person {
  id: string;
  name: string;
  officeName?: string;
}

const rendered = (template: Record<string, unknown> | undefined, context: TemplateContext) =>
  (template ? renderTemplate(template, context) : {}) as Record<string, unknown>;

export function ProcessesPage({ file, context, open }: PageRendererProps<'processes'>) {
  const allowed = useCan()(file.permission);
  const [keyword, setKeyword] = useState('');
  const [starting, setStarting] = useState<Definition | null>(null);
  const { data, error, isLoading, mutate } = useApi<Category[]>(allowed ? file.list.api : null, {
    ...rendered(file.list.params, context),
    ...(keyword ? { keyword } : {}),
  });
  const missing = file.requires && !pickPath(context, file.requires.path) ? file.requires.text : '';
  const preset = usePreset(context, data, missing, setStarting);
  if (!allowed) return <PageDenied />;
  return (
    <section className="processes-page" data-testid={`processes-${file.id}`}>
      <header className="processes-header">
        <div>
          <h2>{file.title}</h2>
          {file.description && <p className="processes-description">{file.description}</p>}
        </div>
        <Input.Search
          allowClear
          className="processes-search"
          placeholder="搜索流程名称或说明"
          maxLength={50}
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
          data-testid="processes-search"
        />
      </header>
      {missing && (
        <p className="processes-notice" role="note">
          {missing}
        </p>
      )}
      {error ? (
        <LoadFailure error={error} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Loading />
      ) : data.length === 0 ? (
        <Empty description={keyword ? `没有找到与“${keyword}”相关的流程` : '暂无可发起的流程'} />
      ) : (
        data.map((group) => (
          <section key={group.category} className="processes-group" data-testid={`processes-group-${group.category}`}>
            <h3>
              {group.category}
              <span className="processes-count">{group.definitions.length}</span>
            </h3>
            <ul className="processes-cards">
              {group.definitions.map((definition) => (
                <li key={definition.processId}>
                  <button
                    type="button"
                    className="processes-card"
                    disabled={Boolean(missing)}
                    onClick={() => setStarting(definition)}
                    data-testid={`start-${definition.processId}`}
                  >
                    <span className="processes-icon" aria-hidden>
                      {definition.name.slice(0, 1)}
                    </span>
                    <span className="processes-text">
                      <b>{definition.name}</b>
                      <span title={definition.description}>{definition.description}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {starting && (
        <Modal
          visible
          title={`发起：${starting.name}`}
          style={{ width: 760 }}
          footer={null}
          maskClosable={false}
          onCancel={() => setStarting(null)}
          unmountOnExit
        >
          <StartForm
            file={file}
            context={context}
            definition={starting}
            initialData={preset?.processId === starting.processId ? preset.form : undefined}
            onStarted={(id) => {
              setStarting(null);
              open({ path: file.opens.replace('{id}', encodeURIComponent(id)) });
            }}
          />
        </Modal>
      )}
    </section>
  );
}

interface StartFormProps {
  file: ProcessesPageFile;
  context: TemplateContext;
  definition: Definition;
  /** Values the form starts with (an approval started from a record names the record). */
  initialData?: Record<string, unknown>;
  onStarted: (id: string) => void;
}

/**
 * A link that opens one process's form at once, with values of its form: `?process=<id>&<field>=<value>` (an
 * approval started from a record, see DetailLinkAction). Opened once, when the list of what the user may start is
 * there; a process the user may not start is said plainly.
 */
function usePreset(
  context: TemplateContext,
  data: Category[] | undefined,
  missing: string,
  start: (definition: Definition) => void,
): { processId: string; form: Record<string, unknown> } | undefined {
  const seams = useSeams();
  const [preset] = useState(() => {
    const { process, ...form } = (context.query ?? {}) as Record<string, string>;
    return process ? { processId: process, form } : undefined;
  });
  const opened = useRef(false);
  useEffect(() => {
    if (!preset || !data || opened.current || missing) return;
    opened.current = true;
    const definition = data.flatMap((group) => group.definitions).find((d) => d.processId === preset.processId);
    if (definition) start(definition);
    else seams.notify.error('您不能发起该审批，或该审批已停用');
  }, [preset, data, missing, start, seams]);
  return preset;
}

/** The starter's form, then the approvers the starter picks and the attachments, then 提交. */
function StartForm({ file, context, definition, initialData, onStarted }: StartFormProps) {
  const seams = useSeams();
  const detail = useApi<DefinitionDetail>(file.definition.api, { processId: definition.processId });
  const chosenNodes = detail.data?.starterChosen ?? [];
  const people = useApi<Person[]>(
    chosenNodes.length > 0 ? file.people.api : null,
    rendered(file.people.params, context),
  );
  const [approvers, setApprovers] = useState<Record<string, string[]>>({});
  const [attachments, setAttachments] = useState<string[]>([]);
  const [tried, setTried] = useState(false);

  if (detail.error) return <LoadFailure error={detail.error} onRetry={() => void detail.mutate()} />;
  if (!detail.data) return <Loading />;
  const unchosen = chosenNodes.filter((node) => (approvers[node.nodeId] ?? []).length === 0);

  const submit = async (form: Record<string, unknown>) => {
    setTried(true);
    if (unchosen.length > 0) return;
    try {
      const envelope = await runAction(seams, file.start, {
        ...context,
        processId: definition.processId,
        form,
        approvers: chosenNodes.length > 0 ? approvers : undefined,
        attachments: attachments.length > 0 ? attachments : undefined,
      });
      const said = pickPath(envelope, 'errMsg');
      seams.notify.success(typeof said === 'string' && said ? said : '提交成功');
      const id = pickPath(envelope, 'data.id');
      if (typeof id === 'string') onStarted(id);
    } catch {
      // the transport has shown the server's message (a field's rule, a missing approver)
    }
  };

  return (
    <div className="processes-start">
      {detail.data.description && <p className="processes-description">{detail.data.description}</p>}
      <SchemaForm
        formId={processFormId(definition.processId)}
        initialData={initialData}
        // The form's option sources read the page's context (a hazard select lists the selected project's).
        context={context}
        onSubmitted={(_envelope, values) => submit(values)}
        testId="process-start-form"
        hostFields={
          <div className="processes-host-fields">
            {chosenNodes.map((node) => (
              <div key={node.nodeId} className="sf-item">
                <label className="sf-label" htmlFor={`approvers-${node.nodeId}`}>
                  <span className="sf-required">*</span>
                  {node.name}（审批人）
                </label>
                <Select
                  id={`approvers-${node.nodeId}`}
                  mode="multiple"
                  allowClear
                  showSearch
                  loading={people.isLoading}
                  placeholder="请选择审批人"
                  value={approvers[node.nodeId] ?? []}
                  onChange={(value: string[]) => setApprovers((current) => ({ ...current, [node.nodeId]: value }))}
                  options={(people.data ?? []).map((person) => ({
                    label: person.officeName ? `${person.name}（${person.officeName}）` : person.name,
                    value: person.id,
                  }))}
                  filterOption={(input, option) =>
                    String((option as { props?: { children?: unknown } }).props?.children ?? '').includes(input)
                  }
                  data-testid={`approvers-${node.nodeId}`}
                />
                {tried && unchosen.includes(node) && (
                  <div className="sf-error" role="alert">
                    请选择{node.name}的审批人
                  </div>
                )}
              </div>
            ))}
            <div className="sf-item">
              <label className="sf-label" htmlFor="process-attachments">
                附件
              </label>
              <AttachmentUpload
                id="process-attachments"
                label="附件"
                value={attachments}
                onChange={(value) => setAttachments(value ?? [])}
                maxItems={9}
                uploadFile={(upload, kind) => uploadFile(seams, upload, kind)}
              />
            </div>
          </div>
        }
      />
    </div>
  );
}
