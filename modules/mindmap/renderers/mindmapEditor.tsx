/**
 * The mind-map editor (page mindmap-editor, routed below the list as /mindMap/index/<id>): the map in mind-elixir,
 * saved by itself a moment after each change (已保存 / 保存中… beside the title), against the revision it was
 * loaded or last saved at, so that when someone else saved meanwhile the save is refused and the screen says who
 * and when, offering to export this version before loading theirs. Undo and redo, add, remove, fold, export as
 * PNG and Markdown, and the read-only share link. A user without the edit permission sees the map read-only.
 */
import { Alert, Button, Input, Modal, Popconfirm, Result, Tag } from '@arco-design/web-react';
import '@arco-design/web-react/es/Alert/style/css.js';
import '@arco-design/web-react/es/Button/style/css.js';
import '@arco-design/web-react/es/Input/style/css.js';
import '@arco-design/web-react/es/Modal/style/css.js';
import '@arco-design/web-react/es/Popconfirm/style/css.js';
import '@arco-design/web-react/es/Result/style/css.js';
import '@arco-design/web-react/es/Tag/style/css.js';
import { IconDownload, IconLeft, IconPlus, IconRedo, IconShareAlt, IconUndo } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, type CustomRendererProps, Loading, useCan, useSeams } from '../../../src/engine/module-api';
import { MapCanvas, type MapCanvasHandle } from '../browser/MapCanvas';
import { type Answer, type EditorMap, mapApis, type MapData, MsgCodes, type Saved } from '../browser/map-api';
import { download, fileName, toMarkdown } from '../browser/map-export';
import { savedText, shareUrl } from '../browser/map-texts';
import { useMapAnswer } from '../browser/use-map-answer';

type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

const SAVE_LABELS: Record<SaveState, { text: string; color: string }> = {
  saved: { text: '已保存', color: 'green' },
  pending: { text: '保存中…', color: 'arcoblue' },
  saving: { text: '保存中…', color: 'arcoblue' },
  failed: { text: '保存失败，稍后自动重试', color: 'red' },
  conflict: { text: '未保存：内容已被他人更新', color: 'orange' },
};

/** What a save compares: the map's own data, without mind-elixir's theme and view settings. */
const contentText = (data: MapData) =>
  JSON.stringify({
    nodeData: data.nodeData,
    arrows: data.arrows ?? [],
    summaries: data.summaries ?? [],
    direction: data.direction,
  });

export default function MindmapEditor({ file, context, open }: CustomRendererProps) {
  const seams = useSeams();
  const can = useCan();
  const options = (file.options ?? {}) as { list?: string; editPermission?: string; saveDelayMs?: number };
  const id = String((context.params as Record<string, unknown> | undefined)?.id ?? '');
  const { load, attempt, retry } = useMapAnswer<EditorMap>({
    api: mapApis.map,
    variables: { id },
    acceptCodes: [MsgCodes.notFound],
  });

  const back = () => open({ path: options.list ?? '/mindMap/index' });
  if (load.state === 'loading') return <Loading label="正在打开导图…" />;
  if (load.state === 'refused')
    return (
      <Result
        status="404"
        title={load.message || '导图不存在或已被删除'}
        extra={
          <Button type="primary" onClick={back}>
            返回导图列表
          </Button>
        }
      />
    );
  if (load.state === 'failed')
    return (
      <Result
        status="error"
        title="导图加载失败，请检查网络后重试"
        extra={[
          <Button key="retry" type="primary" onClick={retry}>
            重新加载
          </Button>,
          <Button key="back" onClick={back}>
            返回导图列表
          </Button>,
        ]}
      />
    );
  return (
    <Editor
      key={`${load.map.id}-${attempt}`}
      map={load.map}
      editable={can(options.editPermission ?? 'mindmap:map:edit')}
      saveDelayMs={options.saveDelayMs ?? 800}
      onBack={back}
    />
  );
}

function Editor({
  map,
  editable,
  saveDelayMs,
  onBack,
}: {
  map: EditorMap;
  editable: boolean;
  saveDelayMs: number;
  onBack: () => void;
}) {
  const seams = useSeams();
  // Kept past the canvas's unmount (a React ref would be cleared first), so leaving the page still saves.
  const canvas = useRef<MapCanvasHandle | null>(null);
  const keepHandle = useCallback((handle: MapCanvasHandle | null) => {
    if (handle) canvas.current = handle;
  }, []);
  const [state, setState] = useState<SaveState>('saved');
  const [savedBy, setSavedBy] = useState({ name: map.savedByName ?? '', at: map.savedAt ?? map.updatedAt ?? '' });
  const [conflict, setConflict] = useState<string | null>(null);
  const [shared, setShared] = useState(map.shared);
  const [sharing, setSharing] = useState(false);
  const revision = useRef(map.revision);
  const lastSaved = useRef(contentText(map.content));
  const timer = useRef<number | undefined>(undefined);
  const retry = useRef<number | undefined>(undefined);
  const saving = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);

  const save = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    window.clearTimeout(retry.current);
    // One save at a time: a change made while one is on its way is saved after it, on its revision.
    while (saving.current) await saving.current;
    if (stopped.current || !canvas.current) return;
    let data: MapData;
    try {
      data = canvas.current.data();
    } catch {
      return; // the map is gone already
    }
    const text = contentText(data);
    if (text === lastSaved.current) {
      setState('saved');
      return;
    }
    setState('saving');
    const run = (async () => {
      try {
        const answer = await callApi<Answer<Saved>>(seams, mapApis.save, {
          variables: { id: map.id },
          body: { content: data, revision: revision.current },
          acceptCodes: [MsgCodes.conflict],
        });
        if (answer.msgCode === MsgCodes.conflict) {
          stopped.current = true;
          setConflict(answer.errMsg);
          setState('conflict');
          return;
        }
        const saved = answer.data as Saved;
        revision.current = saved.revision;
        lastSaved.current = text;
        setSavedBy({ name: saved.savedByName, at: saved.savedAt });
        setState(timer.current === undefined ? 'saved' : 'pending');
      } catch {
        // The transport has said why (network, permission); try again in a while unless something newer comes.
        setState('failed');
        retry.current = window.setTimeout(() => void save(), 5000);
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  }, [seams, map.id]);

  const changed = useCallback(() => {
    if (stopped.current || !editable) return;
    setState('pending');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      void save();
    }, saveDelayMs);
  }, [editable, save, saveDelayMs]);

  // Leaving the page saves what is waiting; closing the window with unsaved changes asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!stopped.current && (timer.current !== undefined || saving.current)) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (timer.current !== undefined) void save();
      window.clearTimeout(retry.current);
    };
  }, [save]);

  const reloadLatest = async () => {
    const answer = await callApi<Answer<EditorMap>>(seams, mapApis.map, { variables: { id: map.id } });
    const latest = answer.data as EditorMap;
    canvas.current?.replace(latest.content);
    revision.current = latest.revision;
    lastSaved.current = contentText(latest.content);
    setSavedBy({ name: latest.savedByName ?? '', at: latest.savedAt ?? '' });
    stopped.current = false;
    setConflict(null);
    setState('saved');
    seams.notify.success('已加载最新内容');
  };

  const exportMarkdown = (data: MapData = canvas.current!.data()) => {
    download(new Blob([toMarkdown(data)], { type: 'text/markdown;charset=utf-8' }), fileName(map.title, 'md'));
  };
  const exportPng = async () => {
    try {
      download(await canvas.current!.png(), fileName(map.title, 'png'));
    } catch {
      seams.notify.error('导出图片失败，请稍后重试');
    }
  };
  const hint = useCallback((message: string) => seams.notify.error(message), [seams]);
  const label = SAVE_LABELS[state];

  return (
    <div className="mindmap-editor" data-testid="mindmap-editor">
      <div className="mindmap-bar">
        <div className="mindmap-heading">
          <Button size="small" icon={<IconLeft />} onClick={onBack}>
            返回列表
          </Button>
          <h3 className="mindmap-title" title={map.title}>
            {map.title}
          </h3>
          {editable ? (
            <Tag color={label.color} data-testid="mindmap-save-state" aria-live="polite">
              {label.text}
            </Tag>
          ) : (
            <Tag color="gray">只读</Tag>
          )}
          {shared && <Tag color="green">已分享</Tag>}
          {savedBy.name && (
            <span className="mindmap-saved-by" title={savedText(savedBy.name, savedBy.at)}>
              {savedText(savedBy.name, savedBy.at)}
            </span>
          )}
        </div>
        <div className="mindmap-actions">
          <Button size="small" icon={<IconDownload />} onClick={() => void exportPng()}>
            导出 PNG
          </Button>
          <Button size="small" icon={<IconDownload />} onClick={() => exportMarkdown()}>
            导出 Markdown
          </Button>
          {editable && (
            <Button size="small" type="primary" icon={<IconShareAlt />} onClick={() => setSharing(true)}>
              分享
            </Button>
          )}
        </div>
      </div>
      {editable && (
        <div className="mindmap-tools" role="toolbar" aria-label="导图编辑">
          <Button size="small" icon={<IconUndo />} onClick={() => canvas.current?.undo()} disabled={Boolean(conflict)}>
            撤销
          </Button>
          <Button size="small" icon={<IconRedo />} onClick={() => canvas.current?.redo()} disabled={Boolean(conflict)}>
            重做
          </Button>
          <span className="mindmap-tools-gap" />
          <Button
            size="small"
            icon={<IconPlus />}
            onClick={() => canvas.current?.addChild()}
            disabled={Boolean(conflict)}
          >
            添加子节点
          </Button>
          <Button
            size="small"
            icon={<IconPlus />}
            onClick={() => canvas.current?.addSibling()}
            disabled={Boolean(conflict)}
          >
            添加同级节点
          </Button>
          <Button size="small" status="danger" onClick={() => canvas.current?.remove()} disabled={Boolean(conflict)}>
            删除节点
          </Button>
          <span className="mindmap-tools-gap" />
          <Button size="small" onClick={() => canvas.current?.expandAll(true)}>
            展开全部
          </Button>
          <Button size="small" onClick={() => canvas.current?.expandAll(false)}>
            收起全部
          </Button>
          <Button size="small" onClick={() => canvas.current?.fit()}>
            适应窗口
          </Button>
          <span
            className="mindmap-keys"
            title="Tab 添加子节点，Enter 添加同级节点，F2 或双击编辑文字，Delete 删除，Ctrl+Z 撤销，Ctrl+Y 重做，拖动节点可调整位置，右键打开更多操作"
          >
            快捷键：Tab 子节点 · Enter 同级 · F2 编辑 · Delete 删除 · 右键更多
          </span>
        </div>
      )}
      {conflict && (
        <Alert
          className="mindmap-conflict"
          type="warning"
          title="内容冲突，自动保存已暂停"
          content={conflict}
          data-testid="mindmap-conflict"
          action={
            <div className="mindmap-conflict-actions">
              <Button size="small" onClick={() => exportMarkdown()}>
                导出我的版本（Markdown）
              </Button>
              <Button size="small" type="primary" onClick={() => void reloadLatest()}>
                加载最新内容
              </Button>
            </div>
          }
        />
      )}
      <MapCanvas
        ref={keepHandle}
        data={map.content}
        editable={editable}
        onChange={changed}
        onHint={hint}
        label={`思维导图：${map.title}`}
      />
      {sharing && <ShareDialog mapId={map.id} shared={shared} onShared={setShared} onClose={() => setSharing(false)} />}
    </div>
  );
}

function ShareDialog({
  mapId,
  shared,
  onShared,
  onClose,
}: {
  mapId: string;
  shared: boolean;
  onShared: (shared: boolean) => void;
  onClose: () => void;
}) {
  const seams = useSeams();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const share = useCallback(async () => {
    setBusy(true);
    try {
      const answer = await callApi<Answer<{ path: string }>>(seams, mapApis.share, { variables: { id: mapId } });
      setLink(shareUrl(answer.data?.path ?? ''));
      onShared(true);
    } catch {
      // The transport has said why.
    } finally {
      setBusy(false);
    }
  }, [seams, mapId, onShared]);

  // A map that is shared shows its link at once (asking for it again answers the same link).
  useEffect(() => {
    if (shared && link === null) void share();
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const unshare = async () => {
    setBusy(true);
    try {
      await callApi(seams, mapApis.unshare, { variables: { id: mapId } });
      setLink(null);
      onShared(false);
      seams.notify.success('已取消分享，之前的链接均已失效');
    } catch {
      // The transport has said why.
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      seams.notify.success('链接已复制');
    } catch {
      seams.notify.error('无法访问剪贴板，请手动复制链接');
    }
  };

  return (
    <Modal visible title="分享导图" footer={null} onCancel={onClose} style={{ width: 640 }} unmountOnExit>
      <div className="mindmap-share" data-testid="mindmap-share-dialog">
        <p>分享链接只读、带签名，可随时取消。打开链接须登录门户，且仅导图所属项目的成员可以查看。</p>
        {link ? (
          <>
            <div className="mindmap-share-link">
              <Input readOnly value={link} aria-label="分享链接" data-testid="mindmap-share-link" />
              <Button type="primary" onClick={() => void copy()}>
                复制链接
              </Button>
            </div>
            <div className="mindmap-share-footer">
              <Popconfirm
                title="取消分享后，之前发出的链接将立即失效。确定取消吗？"
                okText="确定"
                cancelText="再想想"
                onOk={() => void unshare()}
              >
                <Button status="danger" loading={busy}>
                  取消分享
                </Button>
              </Popconfirm>
              <Button onClick={onClose}>关闭</Button>
            </div>
          </>
        ) : (
          <div className="mindmap-share-footer">
            <Button type="primary" loading={busy} onClick={() => void share()}>
              {shared ? '正在获取链接…' : '生成分享链接'}
            </Button>
            <Button onClick={onClose}>关闭</Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
